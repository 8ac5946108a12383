import { describe, expect, it } from 'vitest';
import {
  bannerInput,
  categoryInput,
  contactInput,
  depositInput,
  houseLotInput,
  operatorCreateInput,
  productInput,
  shipInput,
} from '@antique/shared';
import { fieldLimits, fieldProblem, readYuan, schemaRequires, schemaRules } from './schema-rules';

const product = productInput.shape;

describe('fieldProblem: the shared schema’s rules in the operator’s words', () => {
  it.each([
    ['', '请输入商品名称'],
    ['   ', '请输入商品名称'],
    ['瓶', '商品名称为 2 至 60 个字'],
    ['瓶'.repeat(61), '商品名称不能超过 60 个字'],
    [' 梅瓶 ', null],
  ])('a title of %j → %j', (value, problem) => {
    expect(fieldProblem(product.title, value, { label: '商品名称' })).toBe(problem);
  });

  it('asks for nothing the schema leaves optional, and counts the trimmed text', () => {
    expect(fieldProblem(product.era, '', { label: '年代' })).toBeNull();
    expect(fieldProblem(product.era, `${'清'.repeat(30)}  `, { label: '年代' })).toBeNull();
    expect(fieldProblem(product.era, '清'.repeat(31), { label: '年代' })).toBe('年代不能超过 30 个字');
  });

  it('says a whole number’s range, large bounds grouped', () => {
    const words = { label: '库存' };
    expect(fieldProblem(product.stock, null, words)).toBe('请输入库存');
    expect(fieldProblem(product.stock, 1_000_001, words)).toBe('库存须为 0 至 1,000,000 的整数');
    expect(fieldProblem(product.stock, 1.5, words)).toBe('库存须为 0 至 1,000,000 的整数');
    expect(fieldProblem(product.stock, 0, words)).toBeNull();
    expect(fieldProblem(categoryInput.shape.sort, 10_000, { label: '排序' })).toBe('排序须为 0 至 9999 的整数');
    // A number with a default may be left empty.
    expect(fieldProblem(categoryInput.shape.sort, null, { label: '排序' })).toBeNull();
  });

  it('counts a list and each of its items', () => {
    const tags = { label: '标签', unit: '个' };
    expect(fieldProblem(product.tags, ['a', 'b', 'c', 'd', 'e', 'f'], tags)).toBe('标签最多 5 个');
    expect(fieldProblem(product.tags, ['官窑', '包浆'.repeat(6)], tags)).toBe('每个标签不能超过 10 个字');
    expect(fieldProblem(product.tags, ['官窑', ' '], tags)).toBe('每个标签为 1 至 10 个字');
    expect(fieldProblem(product.tags, [], tags)).toBeNull();
    const images = { label: '商品图片', unit: '张', required: '请至少上传 1 张商品图片' };
    expect(fieldProblem(product.images, [], images)).toBe('请至少上传 1 张商品图片');
    expect(
      fieldProblem(
        product.images,
        Array.from({ length: 10 }, (_, i) => `/f/${i}`),
        images,
      ),
    ).toBe('商品图片最多 9 张');
  });

  it('says what the form gives for a pattern or a rule no bound describes', () => {
    const phone = { label: '客服电话', invalid: '电话只能包含数字、空格、+、-、括号' };
    expect(fieldProblem(contactInput.shape.phone, '400-820-1688', phone)).toBeNull();
    expect(fieldProblem(contactInput.shape.phone, '400 转 1', phone)).toBe('电话只能包含数字、空格、+、-、括号');
    expect(fieldProblem(contactInput.shape.email, 'x@y', { label: '客服邮箱' })).toBe('客服邮箱格式不正确');
    expect(
      fieldProblem(bannerInput.shape.link, 'javascript:alert(1)', {
        label: '链接',
        invalid: (v) => `不行：${String(v)}`,
      }),
    ).toBe('不行：javascript:alert(1)');
    expect(fieldProblem(shipInput.shape.trackingNo, 'SF1234567_', { label: '运单号' })).toBe('运单号格式不正确');
    expect(fieldProblem(shipInput.shape.trackingNo, 'SF12', { label: '运单号', unit: '位' })).toBe(
      '运单号为 6 至 40 位',
    );
    // A rule said whole, for every refusal but an empty field.
    const whole = { label: '运单号', required: '请填写运单号', rule: '运单号为 6 至 40 位字母、数字或连字符' };
    expect(fieldProblem(shipInput.shape.trackingNo, 'SF 12', whole)).toBe(whole.rule);
    expect(fieldProblem(shipInput.shape.trackingNo, 'SF12', whole)).toBe(whole.rule);
    expect(fieldProblem(shipInput.shape.trackingNo, ' ', whole)).toBe('请填写运单号');
  });

  it('asks for a field the form needs even where the wire has it optional', () => {
    expect(schemaRequires(houseLotInput.shape.title)).toBe(false);
    expect(fieldProblem(houseLotInput.shape.title, ' ', { label: '拍品名称', required: '请填写拍品名称' })).toBe(
      '请填写拍品名称',
    );
    expect(schemaRules(houseLotInput.shape.title, { label: '拍品名称', required: '请填写拍品名称' }).required).toBe(
      true,
    );
    expect(schemaRules(houseLotInput.shape.era, { label: '年代' }).required).toBe(false);
    expect(schemaRules(operatorCreateInput.shape.password, { label: '初始密码' }).required).toBe(true);
  });
});

describe('amounts typed in yuan, checked in fen', () => {
  const amount = depositInput.shape.amount;

  it.each([
    ['1,000.50', 100050],
    ['1000.5', 100050],
    [' 12 ', 1200],
    ['0.01', 1],
    ['10,000,000', 1_000_000_000],
  ])('reads %s yuan as %i fen', (text, fen) => {
    expect(readYuan(amount, text, { label: '金额' })).toEqual({ fen, error: null });
  });

  it.each([
    ['', '请输入金额'],
    ['12.345', '金额格式不正确：请输入数字，最多两位小数'],
    ['-5', '金额格式不正确：请输入数字，最多两位小数'],
    ['1e3', '金额格式不正确：请输入数字，最多两位小数'],
    ['0.00', '金额必须大于 0'],
    ['10,000,000.01', '金额不能超过 ¥10,000,000.00'],
  ])('refuses %j', (text, error) => {
    expect(readYuan(amount, text, { label: '金额' })).toEqual({ fen: null, error });
  });

  it('names the field, and takes each schema’s own ceiling', () => {
    const start = houseLotInput.shape.startPrice;
    expect(fieldProblem(start, '', { label: '起拍价', yuan: true })).toBe('请输入起拍价');
    expect(fieldProblem(start, '0', { label: '起拍价', yuan: true })).toBe('起拍价必须大于 0');
    expect(fieldProblem(start, '1,000,000,000', { label: '起拍价', yuan: true })).toBeNull();
    expect(fieldProblem(start, '1,000,000,000.01', { label: '起拍价', yuan: true })).toBe(
      '起拍价不能超过 ¥1,000,000,000.00',
    );
    // An optional amount may be left empty.
    expect(fieldProblem(houseLotInput.shape.reservePrice, ' ', { label: '保留价', yuan: true })).toBeNull();
    expect(fieldProblem(houseLotInput.shape.reservePrice, '1.234', { label: '保留价', yuan: true })).toBe(
      '保留价格式不正确：请输入数字，最多两位小数',
    );
  });
});

describe('fieldLimits', () => {
  it('reads the bounds inputs show', () => {
    expect(fieldLimits(product.title)).toEqual({ min: 2, max: 60 });
    expect(fieldLimits(product.stock)).toEqual({ min: 0, max: 1_000_000 });
    expect(fieldLimits(product.images)).toEqual({ min: 1, max: 9 });
    expect(fieldLimits(product.description)).toEqual({ max: 20_000 });
    expect(fieldLimits(depositInput.shape.memberNote)).toEqual({ max: 100 });
  });
});
