import { expect, test } from '@playwright/test';
import { adminToken, api, ensureBalance, ensureTradePassword, memberPhone, memberToken, shot } from './support';

// Two demo members from the first-start data, both verified: A is the collector this journey
// follows; B only makes the house's earlier sale of a similar bowl.
const A = { phone: '13800000001', password: 'demo1234', trade: '246810' };
const B = { phone: '13800000002', password: 'demo1234', trade: '135246' };
const LOT_TITLE = '明万历 青花鱼藻纹碗';
const EARLIER_TITLE = '清康熙 青花鱼藻纹碗';

test('a collector finds a bowl by the words they type, watches it, is reminded, bids and wins; reads the condition report and what such bowls fetched here; opens the message centre', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const admin = await adminToken(base);
  const tokenA = await memberToken(base, A.phone, A.password);
  const tokenB = await memberToken(base, B.phone, B.password);
  await ensureTradePassword(base, tokenA, A.phone, A.trade);
  await ensureTradePassword(base, tokenB, B.phone, B.trade);
  await ensureBalance(base, admin, tokenA, 200_000);
  await ensureBalance(base, admin, tokenB, 200_000);

  let lotId = 0;
  let earlierId = 0;
  await test.step('the house sells one bowl now and schedules another, with its condition report, to open shortly', async () => {
    const categories = (await api(base, 'GET', '/v1/iyd/category/list')).data as { id: number; name: string }[];
    const blueAndWhite = categories.find((c) => c.name === '青花');
    expect(blueAndWhite, 'the demo has a 青花 department').toBeTruthy();
    // Pictures of the demo's own bowl of this kind (the mall sells it).
    const bowls = await api(
      base,
      'GET',
      `/v1/iyd/product/list?keyword=${encodeURIComponent('鱼藻纹碗')}&page=1&pageSize=1`,
    );
    const bowl = (bowls.data.list as { cover: string; images?: string[] }[])[0];
    expect(bowl, 'the demo sells a 青花鱼藻纹碗').toBeTruthy();
    const piece = async (title: string, cover: string) => {
      const r = await api(base, 'POST', '/v1/admin/products', {
        token: admin,
        body: {
          title,
          categoryId: blueAndWhite!.id,
          cover,
          images: [cover],
          price: 300_000,
          marketPrice: 300_000,
          stock: 1,
          description: '<p>撇口，深弧腹，圈足，外壁绘鱼藻纹。</p>',
          era: title.slice(0, 3),
          material: '瓷',
          dimensions: '口径 15cm',
          provenance: '香港私人旧藏',
          tags: [],
          onSale: false,
        },
      });
      expect(r.code, r.msg).toBe(200);
      return r.data.id as number;
    };
    const productId = await piece(LOT_TITLE, bowl!.cover);
    const report = await api(base, 'PUT', `/v1/admin/products/${productId}/condition`, {
      token: admin,
      body: {
        grade: 'fine',
        notes: '整体品相上佳，釉面莹润，青花发色稳定。',
        dimensions: '高 6.8cm，口径 15.2cm',
        weight: '312g',
        marks: '外底青花楷书「大明万历年制」六字双圈款',
        repairs: '口沿一处约 3mm 小磕，未修复',
        photos: [bowl!.cover],
        certificate: null,
      },
    });
    expect(report.code, report.msg).toBe(200);

    // Short lots: the soft close (set when a lot is made) is shortened for these two and put back.
    const settings = await api(base, 'GET', '/v1/admin/settings', { token: admin });
    const softCloseSeconds = (settings.data as Record<string, number>).softCloseSeconds!;
    const shortened = await api(base, 'PUT', '/v1/admin/settings', { token: admin, body: { softCloseSeconds: 5 } });
    expect(shortened.code, shortened.msg).toBe(200);
    try {
      const now = Date.now();
      const earlier = await api(base, 'POST', '/v1/admin/lots', {
        token: admin,
        body: {
          productId: await piece(EARLIER_TITLE, bowl!.cover),
          startPrice: 20_000,
          startsAt: now,
          endsAt: now + 20_000,
        },
      });
      expect(earlier.code, earlier.msg).toBe(200);
      earlierId = earlier.data.id;
      const bid = await api(base, 'POST', '/v1/iyd/auction/match', {
        token: tokenB,
        body: { id: earlierId, maxBid: 30_000, tradePassword: B.trade },
      });
      expect(bid.code, bid.msg).toBe(200);
      const lot = await api(base, 'POST', '/v1/admin/lots', {
        token: admin,
        body: { productId, startPrice: 50_000, startsAt: now + 35_000, endsAt: now + 95_000 },
      });
      expect(lot.code, lot.msg).toBe(200);
      lotId = lot.data.id;
    } finally {
      await api(base, 'PUT', '/v1/admin/settings', { token: admin, body: { softCloseSeconds } });
    }
  });

  const a = await memberPhone(browser, base, tokenA);

  await test.step('types 青花瓷碗 into the search and finds the bowl among the lots, its words marked', async () => {
    await a.page.goto('/#/pages/search/search');
    const box = a.page.getByTestId('search-page').locator('input').first();
    await box.fill('青花瓷碗');
    await box.press('Enter');
    const found = a.page.getByTestId('search-lot').filter({ hasText: LOT_TITLE });
    await expect(found).toHaveAttribute('data-id', String(lotId));
    await expect(found.getByTestId('highlighted').first()).toBeVisible();
    // The mall's bowl of the same kind is found by the same words.
    await expect(a.page.getByTestId('search-product').filter({ hasText: '明嘉靖 青花鱼藻纹碗' })).toBeVisible();
    await shot(a.page, 'collector-01-search');
    await found.click();
    await expect(a.page.getByTestId('lot-title')).toHaveText(LOT_TITLE);
  });

  await test.step('watches the lot with the heart; it opens and the reminder is in the message centre', async () => {
    await a.page.getByTestId('watch-heart').click();
    await expect(a.page.getByTestId('watch-heart')).toHaveAttribute('aria-pressed', 'true');
    await shot(a.page, 'collector-02-watching');
    await expect(a.page.getByTestId('live-notice')).toHaveAttribute('data-kind', 'watch_start', {
      timeout: 60_000,
    });
    await a.page.goto('/#/pages/message-list/message-list');
    const started = a.page
      .locator('[data-testid="message-row"][data-kind="watch_start"]')
      .filter({ hasText: LOT_TITLE });
    await expect(started).toBeVisible();
    await shot(a.page, 'collector-03-reminded');
    await started.click();
    await expect(a.page.getByTestId('lot-title')).toHaveText(LOT_TITLE);
  });

  await test.step('reads the condition report and what similar bowls fetched at the house', async () => {
    const condition = a.page.getByTestId('condition');
    await condition.scrollIntoViewIfNeeded();
    await expect(condition).toContainText('口沿一处约 3mm 小磕');
    await expect(condition).toContainText('大明万历年制');
    await shot(a.page, 'collector-04-condition');
    // The earlier bowl closes at 20 s: sold to B, it is among this lot's comparables.
    await expect
      .poll(async () => (await api(base, 'GET', `/v1/iyd/auction/info?id=${earlierId}`)).data.status, {
        timeout: 60_000,
      })
      .toBe('sold');
    await a.page.reload();
    const comparables = a.page.getByTestId('comparables');
    await comparables.scrollIntoViewIfNeeded();
    await expect(comparables.getByTestId('comparable').filter({ hasText: EARLIER_TITLE })).toBeVisible();
    await shot(a.page, 'collector-05-comparables');
  });

  await test.step('bids, is told the lot ends soon, and wins', async () => {
    await a.page.getByTestId('lot-bid-button').click();
    await a.page.getByTestId('bid-sheet-input').fill('800');
    await a.page.getByTestId('bid-sheet-confirm').click();
    await expect(a.page.getByTestId('password-popup')).toBeVisible();
    await a.page.keyboard.type(A.trade);
    await expect(a.page.getByTestId('lot-my-status')).toHaveText('领先');
    await expect(a.page.getByTestId('lot-status')).toHaveText('已成交', { timeout: 120_000 });
    await expect(a.page.getByTestId('lot-winner')).toContainText('恭喜您拍得');
    await shot(a.page, 'collector-06-won');
  });

  await test.step('the message centre keeps the reminders and the win, each opening what it names', async () => {
    await a.page.goto('/#/pages/my/my');
    await expect(a.page.getByTestId('my-messages-badge')).toBeVisible();
    await a.page.getByTestId('my-messages').click();
    await expect(a.page.getByTestId('message-list-page')).toBeVisible();
    const kinds = async () =>
      a.page
        .getByTestId('message-row')
        .filter({ hasText: LOT_TITLE })
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
    // No "ten minutes left": the lot ran a minute, and that reminder is for who watched earlier.
    await expect.poll(kinds).toEqual(expect.arrayContaining(['watch_start', 'won']));
    await shot(a.page, 'collector-07-messages');
    await a.page.locator('[data-testid="message-row"][data-kind="won"]').filter({ hasText: LOT_TITLE }).click();
    await expect(a.page.getByTestId('order-status')).toBeVisible();
    await a.page.goto('/#/pages/auction-mine/auction-mine');
    await expect(a.page.getByTestId('auction-mine-page')).toBeVisible();
  });

  expect(a.errors).toEqual([]);
});
