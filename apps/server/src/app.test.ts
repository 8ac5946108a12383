import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, PNG_1X1, createTestApp, operatorToken, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** What a loader of data (the demo) calls instead of writing rows: the services, as the server itself. */
describe('the services, without an operator session', () => {
  it('load a catalogue, a member with money and the loaded flag in one transaction, unaudited', async () => {
    const s = t.services;
    expect(await s.settings.demoLoaded()).toBe(false);
    const { memberId, productId } = await s.transaction(async (tx) => {
      const icon = await s.uploads.store({ purpose: 'product', body: PNG_1X1 }, tx);
      const picture = await s.uploads.store({ purpose: 'product', body: PNG_1X1 }, tx);
      const banner = await s.uploads.store({ purpose: 'banner', body: PNG_1X1 }, tx);
      const top = await s.catalogue.createCategory(
        null,
        { name: '瓷器', icon: icon.url, parentId: null, sort: 10 },
        tx,
      );
      const sub = await s.catalogue.createCategory(
        null,
        { name: '青花', icon: icon.url, parentId: top.id, sort: 10 },
        tx,
      );
      const product = await s.catalogue.createProduct(
        null,
        {
          title: '青花缠枝莲纹瓶',
          categoryId: sub.id,
          cover: picture.url,
          images: [picture.url],
          price: 10_000,
          marketPrice: 12_000,
          stock: 2,
          description: '<p>器形端庄</p><script>x()</script>',
          era: '清',
          material: '瓷',
          dimensions: '',
          provenance: '',
          tags: [],
          onSale: true,
        },
        { sales: 7, listedAt: new Date(t.clock.now() - 86_400_000), tx },
      );
      await s.catalogue.createBanner(
        null,
        { position: 'home', image: banner.url, title: '春拍', link: '/pages/mall/mall', sort: 10, enabled: true },
        tx,
      );
      const member = await s.members.create(
        {
          phone: '13700000001',
          password: PASSWORD,
          nickname: '青花雅集',
          inviteCode: 'DEMO01',
          createdAt: new Date(t.clock.now() - 30 * 86_400_000),
          realName: {
            name: '王雅琴',
            idNumber: '110101199003074514',
            submittedAt: new Date(t.clock.now() - 20 * 86_400_000),
            reviewedAt: new Date(t.clock.now() - 19 * 86_400_000),
          },
        },
        tx,
      );
      expect(await s.members.create({ phone: '13700000001', password: PASSWORD, nickname: 'x' }, tx)).toBeUndefined();
      await s.wallet.deposit(null, member!.id, { amount: 500_000, memo: { code: 'DEMO_DEPOSIT' } }, tx);
      await s.settings.markDemoLoaded(tx);
      return { memberId: member!.id, productId: product.id };
    });
    expect(await s.settings.demoLoaded()).toBe(true);

    const card = (await t.call('GET', '/v1/iyd/product/info', { query: { id: productId } })).data;
    expect(card).toMatchObject({ title: '青花缠枝莲纹瓶', sales: 7, stock: 2, description: '<p>器形端庄</p>' });
    expect((await t.app.inject({ method: 'GET', url: card.cover })).statusCode).toBe(200);
    expect((await t.call('GET', '/v1/iyd/banner')).data).toEqual([expect.objectContaining({ title: '春拍' })]);

    const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone: '13700000001', password: PASSWORD } });
    const me = (await t.call('GET', '/v1/iyd/member/info', { token: login.data.token })).data;
    expect(me).toMatchObject({ id: memberId, inviteCode: 'DEMO01', realNameStatus: 'verified', balance: 500_000 });
    const bills = (await t.call('GET', '/v1/iyd/asset/bill', { token: login.data.token })).data;
    expect(bills.list).toEqual([expect.objectContaining({ type: 'deposit', remark: '', memoCode: 'DEMO_DEPOSIT' })]);

    const audit = await t.call('GET', '/v1/admin/audit', { token: await operatorToken(t) });
    expect(audit.data.list.filter((a: any) => /^(category|product|banner|member)\./.test(a.action))).toEqual([]);
  });

  it('refuses bytes that are not an image, and a deposit to nobody', async () => {
    await expect(t.services.uploads.store({ purpose: 'product', body: Buffer.from('<svg/>') })).rejects.toMatchObject({
      reason: 'UPLOAD_INVALID',
    });
    await expect(
      t.services.wallet.deposit(null, 999_999, { amount: 100, memo: { code: 'DEMO_DEPOSIT' } }),
    ).rejects.toMatchObject({ reason: 'NOT_FOUND' });
  });
});
