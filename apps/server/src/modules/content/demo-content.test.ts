import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoArticles, demoContact, loadDemoContent } from '@antique/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContentTarget } from '../../db/seed/demo.seed.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

describe("the demo's notices, news and contact page", () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-demo-content-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    const load = () =>
      t.services.transaction((tx) =>
        loadDemoContent(
          demoContentTarget(t.services, tx, () => {}),
          { now: t.clock.now() },
        ),
      );
    expect(await load()).toEqual({ loaded: true, articles: demoArticles.length });
    // once: a second start adds nothing
    expect((await load()).loaded).toBe(false);
  }, 120_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('publishes the notices and news, newest first, their pictures served', async () => {
    const notices = await t.call('GET', '/v1/iyd/notice/list', { query: { pageSize: 50 } });
    const news = await t.call('GET', '/v1/iyd/news/list', { query: { pageSize: 50 } });
    expect(notices.data.total).toBe(demoArticles.filter((a) => a.kind === 'notice').length);
    expect(news.data.list[0].title).toBe(
      [...demoArticles].filter((a) => a.kind === 'news').sort((a, b) => a.daysAgo - b.daysAgo)[0]!.title,
    );
    for (const item of news.data.list) {
      expect(item.cover).toMatch(/^\/files\/banner\//);
      expect((await t.app.inject({ method: 'GET', url: item.cover })).statusCode).toBe(200);
    }
    const info = await t.call('GET', '/v1/iyd/news/info', { query: { id: news.data.list[0].id } });
    const [, src] = /<img src="([^"]+)"/.exec(info.data.content) ?? [];
    expect(src).toMatch(/^\/files\/product\//);
    expect((await t.app.inject({ method: 'GET', url: src! })).statusCode).toBe(200);
  });

  it('tells a new member how money comes in and goes out, with a QR code', async () => {
    const contact = await t.call('GET', '/v1/iyd/contact');
    expect(contact.data).toMatchObject({ phone: demoContact.phone, wechat: demoContact.wechat });
    expect(contact.data.notes).toContain('对公账户');
    expect(contact.data.notes).toContain('手机号');
    expect(contact.data.notes).toContain('本人');
    const qr = await t.app.inject({ method: 'GET', url: contact.data.qrCode });
    expect([qr.statusCode, qr.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('gives the top-up page the house’s bank account, also to a demo loaded before it existed', async () => {
    const bankOf = async () => (await t.services.recharge.config()).bank;
    const demoBank = {
      name: demoContact.bankName,
      accountName: demoContact.bankAccountName,
      accountNo: demoContact.bankAccountNo,
      notes: demoContact.bankNotes,
    };
    expect(await bankOf()).toEqual(demoBank);
    expect(demoBank.notes).toContain('手机号');

    // An older demo: notices and contact, but no account yet. Its next start fills it in.
    const contact = await t.services.articles.contact();
    const none = { bankName: '', bankAccountName: '', bankAccountNo: '', bankNotes: '' };
    await t.services.articles.saveContact(null, { ...contact, ...none });
    expect((await bankOf()).accountNo).toBe('');
    const again = await t.services.transaction((tx) =>
      loadDemoContent(
        demoContentTarget(t.services, tx, () => {}),
        { now: t.clock.now() },
      ),
    );
    expect(again.loaded).toBe(false);
    expect(await bankOf()).toEqual(demoBank);
    expect(await t.services.articles.contact()).toEqual(contact);
  });
});
