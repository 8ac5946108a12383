import { describe, expect, it } from 'vitest';
import { PASSWORD_RE, PHONE_RE, isValidIdNumber, maskIdNumber, maskName, maskPhone } from './identity.js';
import { vipLevelFor } from './accounts.schema.js';

describe('GB 11643 resident ID numbers', () => {
  it.each(['11010519491231002X', '110101199003074514', '310104198511203011', '440524198001010013'])(
    'accepts %s',
    (id) => {
      expect(isValidIdNumber(id)).toBe(true);
    },
  );
  it('accepts a lower-case x check character', () => expect(isValidIdNumber('11010519491231002x')).toBe(true));
  it.each([
    ['a wrong check digit', '110105194912310021'],
    ['17 characters', '11010519491231002'],
    ['letters inside', '11010519A91231002X'],
    ['30 February', '110105194902300026'],
    ['month 13', '110105194913310029'],
  ])('refuses %s', (_why, id) => expect(isValidIdNumber(id)).toBe(false));
});

describe('masks', () => {
  it('masks phones, names and ID numbers', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('李')).toBe('李');
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
  });
});

describe('account rules', () => {
  it('phones are 1[3-9] and nine digits', () => {
    expect(PHONE_RE.test('13912345678')).toBe(true);
    expect(PHONE_RE.test('12912345678')).toBe(false);
    expect(PHONE_RE.test('1391234567')).toBe(false);
  });
  it('passwords are 8-32 characters with letters and digits', () => {
    expect(PASSWORD_RE.test('abcdefg1')).toBe(true);
    expect(PASSWORD_RE.test('abcdefgh')).toBe(false);
    expect(PASSWORD_RE.test('12345678')).toBe(false);
    expect(PASSWORD_RE.test('a1')).toBe(false);
    expect(PASSWORD_RE.test(`a1${'x'.repeat(31)}`)).toBe(false);
  });
  it('VIP levels follow the total paid', () => {
    expect(vipLevelFor(0)).toBe(0);
    expect(vipLevelFor(99_999)).toBe(0);
    expect(vipLevelFor(100_000)).toBe(1);
    expect(vipLevelFor(5_000_000)).toBe(3);
    expect(vipLevelFor(100_000_000)).toBe(5);
  });
});
