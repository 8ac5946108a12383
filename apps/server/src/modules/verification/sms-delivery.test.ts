import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsRetryJob } from '../../jobs/sms-retry.js';
import { startFakeAliyun, startFakeTencent, type FakeProvider } from '../../test/fake-sms-provider.js';
import {
  captcha,
  createTestApp,
  newPhone,
  operatorToken,
  PASSWORD,
  TEST_CAPTCHA,
  type TestApp,
} from '../../test/harness.js';
import { createAliyunSmsSender } from './sms-providers/aliyun-sms.provider.js';
import { createTencentSmsSender } from './sms-providers/tencent-sms.provider.js';

const SIGN = '拾古拍卖';
/** The house's template map as an operator would set SMS_TEMPLATES. */
const ALIYUN_TEMPLATES = { CODE_REGISTER: 'SMS_4701', CODE_PASSWORD: 'SMS_4702', default: 'SMS_4799' };
const TENCENT_TEMPLATES = { CODE_REGISTER: '2101', CODE_PASSWORD: '2102', default: '2199' };

async function askCode(t: TestApp, phone: string, scene = 'register') {
  const started = Date.now();
  const r = await t.call('POST', '/v1/iyd/send', {
    body: { phone, scene, captchaId: await captcha(t), captchaCode: TEST_CAPTCHA },
  });
  const tookMs = Date.now() - started;
  // The text goes to the provider after the answer.
  await t.services.sms.idle();
  t.clock.advance(61_000);
  return { ...r, tookMs };
}

async function outboxRows(t: TestApp, phone: string) {
  return (await t.services.sms.outbox({ phone, page: 1, pageSize: 20 })).list;
}

describe('texts through Aliyun SMS', () => {
  let fake: FakeProvider;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeAliyun({
      signName: SIGN,
      templates: {
        SMS_4701: { vars: ['code', 'minutes'] },
        SMS_4702: { vars: ['code', 'minutes'] },
        SMS_4799: { vars: [] },
      },
    });
    t = await createTestApp({
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: fake.keyId,
      SMS_ACCESS_KEY_SECRET: fake.keySecret,
      SMS_SIGN_NAME: SIGN,
      SMS_TEMPLATES: JSON.stringify(ALIYUN_TEMPLATES),
      SMS_ENDPOINT: fake.url,
    });
  });
  afterAll(() => fake.close());

  it('texts a code with its template and parameters, marks it sent with the BizId, and the member registers with it', async () => {
    const phone = newPhone();
    const sent = await askCode(t, phone);
    expect(sent.code).toBe(200);
    const got = fake.received.filter((r) => r.phone === phone);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ signName: SIGN, templateCode: 'SMS_4701', params: { minutes: '5' } });
    const code = got[0]!.params!.code!;
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await outboxRows(t, phone);
    expect(row).toMatchObject({
      status: 'sent',
      provider: 'aliyun',
      providerMessageId: got[0]!.messageId,
      error: null,
      attempts: 1,
      scene: 'register',
    });
    expect(row!.sentAt).toEqual(expect.any(Number));

    const reg = await t.call('POST', '/v1/iyd/member/register', { body: { phone, smsCode: code, password: PASSWORD } });
    expect(reg.code).toBe(200);
    const me = await t.call('GET', '/v1/iyd/member/info', { token: reg.data.token });
    expect(me.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  });

  it('sends a template without its own code under the default one, with no parameters', async () => {
    const phone = newPhone();
    await t.services.sms.notifyMany([{ phone, sms: { template: 'ACCOUNT_EXISTS', params: {} } }]);
    await t.services.sms.idle();
    expect(fake.received.filter((r) => r.phone === phone)).toEqual([
      expect.objectContaining({ templateCode: 'SMS_4799', params: {} }),
    ]);
    expect((await outboxRows(t, phone))[0]).toMatchObject({ status: 'sent', scene: 'notice' });
  });

  it('a newer code replaces the older one: after the newer is used the older is refused', async () => {
    const reg = await (async () => {
      const phone = newPhone();
      await askCode(t, phone);
      const code = fake.received.filter((r) => r.phone === phone).at(-1)!.params!.code!;
      const r = await t.call('POST', '/v1/iyd/member/register', { body: { phone, smsCode: code, password: PASSWORD } });
      return { phone, token: r.data.token as string };
    })();
    await askCode(t, reg.phone, 'password');
    await askCode(t, reg.phone, 'password');
    const [older, newer] = fake.received.filter((r) => r.phone === reg.phone && r.templateCode === 'SMS_4702');
    expect(older!.params!.code).not.toBe(newer!.params!.code);
    const first = await t.call('POST', '/v1/iyd/member/password', {
      token: reg.token,
      body: { smsCode: newer!.params!.code, password: 'Renewed123' },
    });
    expect(first.code).toBe(200);
    const again = await t.call('POST', '/v1/iyd/member/password', {
      token: first.data.token,
      body: { smsCode: older!.params!.code, password: 'Another123' },
    });
    expect(again.data).toEqual({ reason: 'SMS_CODE_INVALID', field: 'smsCode' });
  });

  it('a refused text is retried by the job with backoff, then failed and shown to operators with the error', async () => {
    const phone = newPhone();
    const job = smsRetryJob(t.services.sms);
    fake.refuse('isv.BUSINESS_LIMIT_CONTROL');
    try {
      // The member is told the code is on its way; the outbox holds what the provider said.
      expect((await askCode(t, phone)).code).toBe(200);
      t.clock.advance(-61_000);
      let [row] = await outboxRows(t, phone);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, providerMessageId: null });
      expect(row!.error).toContain('isv.BUSINESS_LIMIT_CONTROL');

      // Not yet due: nothing is tried.
      t.clock.advance(20_000);
      expect(await job.run()).toBe(0);
      for (const [wait, attempts] of [
        [10_000, 2],
        [120_000, 3],
        [600_000, 4],
      ] as const) {
        t.clock.advance(wait);
        expect(await job.run()).toBeGreaterThanOrEqual(1);
        [row] = await outboxRows(t, phone);
        expect(row!.attempts).toBe(attempts);
      }
      expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null });
      t.clock.advance(3_600_000);
      await job.run();
      expect((await outboxRows(t, phone))[0]!.attempts).toBe(4);
    } finally {
      fake.refuse(undefined);
    }
    expect(fake.received.filter((r) => r.phone === phone)).toHaveLength(0);

    const support = await operatorToken(t, 'support');
    const r = await t.call('GET', '/v1/admin/sms/outbox', { token: support, query: { phone } });
    expect(r.code).toBe(200);
    expect(r.data.list[0]).toMatchObject({
      status: 'failed',
      provider: 'aliyun',
      attempts: 4,
      providerMessageId: null,
      error: expect.stringContaining('isv.BUSINESS_LIMIT_CONTROL'),
    });
    const failed = await t.call('GET', '/v1/admin/sms/outbox', { token: support, query: { phone, status: 'failed' } });
    expect(failed.data.total).toBe(1);
    const sent = await t.call('GET', '/v1/admin/sms/outbox', { token: support, query: { phone, status: 'sent' } });
    expect(sent.data.total).toBe(0);
  });

  it('job runs at once send each due text once', async () => {
    const phones = Array.from({ length: 120 }, () => newPhone());
    fake.refuse('isv.BUSINESS_LIMIT_CONTROL');
    await t.services.sms.notifyMany(
      phones.map((phone) => ({ phone, sms: { template: 'PAYMENT_DUE' as const, params: { title: '青花瓶' } } })),
    );
    await t.services.sms.idle();
    fake.refuse(undefined);
    t.clock.advance(30_000);
    // Open the pool's connections first, so that the runs below really meet in the database.
    await Promise.all(Array.from({ length: 8 }, () => outboxRows(t, phones[0]!)));
    const job = smsRetryJob(t.services.sms);
    const runs = await Promise.all([job.run(), job.run(), job.run(), job.run(), job.run(), t.services.sms.retryDue()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(phones.length);
    for (const phone of phones) {
      expect(fake.received.filter((r) => r.phone === phone)).toHaveLength(1);
      expect((await outboxRows(t, phone))[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
    }
  });

  it('a slow provider keeps no member waiting; the text times out and the job sends it later', async () => {
    const phone = newPhone();
    fake.delay(8_000);
    let r;
    try {
      r = await askCode(t, phone);
    } finally {
      fake.delay(0);
    }
    expect(r.code).toBe(200);
    expect(r.tookMs).toBeLessThan(1_500);
    const [row] = await outboxRows(t, phone);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.error).toMatch(/timeout/i);
    t.clock.advance(-61_000 + 30_000);
    expect(await t.services.sms.retryDue()).toBeGreaterThanOrEqual(1);
    expect((await outboxRows(t, phone))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  }, 20_000);

  it('a request signed with another secret is refused by the provider and recorded as its error', async () => {
    const wrong = createAliyunSmsSender({
      accessKeyId: fake.keyId,
      accessKeySecret: 'not-the-secret',
      signName: SIGN,
      templates: ALIYUN_TEMPLATES,
      endpoint: fake.url,
    });
    await expect(
      wrong.send({ phone: newPhone(), template: 'CODE_REGISTER', params: { code: '123456', minutes: '5' } }),
    ).rejects.toThrow(/SignatureDoesNotMatch/);
  });
});

describe('texts through Tencent Cloud SMS', () => {
  let fake: FakeProvider;
  let t: TestApp;
  const sdkAppId = '1400812345';
  beforeAll(async () => {
    fake = await startFakeTencent({
      sdkAppId,
      signName: SIGN,
      templates: { '2101': { vars: ['1', '2'] }, '2102': { vars: ['1', '2'] }, '2199': { vars: ['1'] } },
    });
    t = await createTestApp({
      SMS_PROVIDER: 'tencent',
      SMS_ACCESS_KEY_ID: fake.keyId,
      SMS_ACCESS_KEY_SECRET: fake.keySecret,
      SMS_SDK_APP_ID: sdkAppId,
      SMS_SIGN_NAME: SIGN,
      SMS_TEMPLATES: JSON.stringify(TENCENT_TEMPLATES),
      SMS_ENDPOINT: fake.url,
    });
  });
  afterAll(() => fake.close());

  it('texts a code with its parameters in order, marks it sent with the SerialNo, and the member registers with it', async () => {
    const phone = newPhone();
    expect((await askCode(t, phone)).code).toBe(200);
    const got = fake.received.filter((r) => r.phone === phone);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ signName: SIGN, templateCode: '2101' });
    const [code, minutes] = got[0]!.paramSet!;
    expect(code).toMatch(/^\d{6}$/);
    expect(minutes).toBe('5');
    expect((await outboxRows(t, phone))[0]).toMatchObject({
      status: 'sent',
      provider: 'tencent',
      providerMessageId: got[0]!.messageId,
      attempts: 1,
    });
    const reg = await t.call('POST', '/v1/iyd/member/register', { body: { phone, smsCode: code, password: PASSWORD } });
    expect(reg.code).toBe(200);
  });

  it('a number the provider refuses is queued with its code, then sent by the job', async () => {
    const phone = newPhone();
    fake.refuse('LimitExceeded.PhoneNumberDailyLimit', 1);
    await t.services.sms.notifyMany([{ phone, sms: { template: 'PAYMENT_DUE', params: { title: '青花瓶' } } }]);
    await t.services.sms.idle();
    const [row] = await outboxRows(t, phone);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.error).toContain('LimitExceeded.PhoneNumberDailyLimit');
    t.clock.advance(30_000);
    await smsRetryJob(t.services.sms).run();
    expect(fake.received.filter((r) => r.phone === phone)).toEqual([
      expect.objectContaining({ templateCode: '2199', paramSet: ['青花瓶'] }),
    ]);
    expect((await outboxRows(t, phone))[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('a request signed with another key is refused (TC3 signature checked)', async () => {
    const wrong = createTencentSmsSender({
      secretId: fake.keyId,
      secretKey: 'not-the-key',
      sdkAppId,
      signName: SIGN,
      templates: TENCENT_TEMPLATES,
      endpoint: fake.url,
    });
    await expect(
      wrong.send({ phone: newPhone(), template: 'CODE_REGISTER', params: { code: '123456', minutes: '5' } }),
    ).rejects.toThrow(/AuthFailure.SignatureFailure/);
  });
});

describe('without SMS_PROVIDER', () => {
  it('keeps every text in the outbox, sent at once, and the retry job has nothing to do', async () => {
    const t = await createTestApp();
    const phone = newPhone();
    expect((await askCode(t, phone)).code).toBe(200);
    const [row] = await outboxRows(t, phone);
    expect(row).toMatchObject({
      status: 'sent',
      provider: 'outbox',
      attempts: 0,
      providerMessageId: null,
      error: null,
    });
    expect(row!.content).toMatch(/\d{6}/);
    expect(await smsRetryJob(t.services.sms).run()).toBe(0);
  });
});
