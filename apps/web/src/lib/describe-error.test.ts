import { i18n } from './i18n';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeError, formatWait } from './describe-error';
import { changeLocale } from './i18n';
import { RequestError } from './request-error';

const t = i18n.t.bind(i18n);

function serverError(reason: string | null, extra: Record<string, unknown> = {}, msg = '服务器的说明') {
  return new RequestError({ kind: 'server', code: 409, msg, data: reason ? { reason, ...extra } : null });
}

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
});

describe('describeError', () => {
  it('words known reasons in the member’s language', async () => {
    expect(describeError(serverError('PHONE_TAKEN'), t)).toBe('该手机号已注册，请直接登录');
    expect(describeError(serverError('CAPTCHA_INVALID'), t)).toBe('图形验证码错误或已过期，请重新输入');
    await changeLocale('en', false);
    expect(describeError(serverError('LOGIN_FAILED'), t)).toBe('Wrong phone number or password');
  });

  it('says how long to wait on RATE_LIMITED and SMS_COOLDOWN', () => {
    expect(describeError(serverError('RATE_LIMITED', { retryAfter: 900 }), t)).toBe('操作过于频繁，请 15 分钟后再试');
    expect(describeError(serverError('SMS_COOLDOWN', { retryAfter: 42 }), t)).toBe(
      '验证码发送过于频繁，请 42 秒后再试',
    );
    expect(describeError(serverError('RATE_LIMITED'), t)).toBe('操作过于频繁，请稍后再试');
  });

  it('keeps the server’s msg for other reasons and for errors without one', () => {
    expect(describeError(serverError('OUT_OF_STOCK'), t)).toBe('服务器的说明');
    expect(describeError(serverError(null), t)).toBe('服务器的说明');
  });

  it('speaks of the network when the call never got an answer', () => {
    const error = new RequestError({ kind: 'network', code: -1, msg: 'Failed to fetch' });
    expect(describeError(error, t)).toBe('网络连接失败，请检查网络后重试');
  });

  it('formats waits in seconds under a minute and whole minutes above', () => {
    expect(formatWait(0.2, t)).toBe('1 秒');
    expect(formatWait(59, t)).toBe('59 秒');
    expect(formatWait(61, t)).toBe('2 分钟');
  });
});
