import { expect, test } from '@playwright/test';
import {
  adminToken,
  api,
  balanceOf,
  bpsOfHalfUp,
  bpsOfUp,
  consolePage,
  ensureBalance,
  ensureTradePassword,
  memberPhone,
  memberToken,
  shot,
  yuan,
} from './support';

// A (the consignor): a demo member no other journey uses, unverified (consigning needs no
// real name), with a little money. B (the buyer): a verified demo member whose trade password
// the auctions and custody journeys set to the same value.
const A = { phone: '13800000003', password: 'demo1234', trade: '314159' };
const B = { phone: '13800000002', password: 'demo1234', trade: '135246' };

// The consignor's reserve (1,234.56 yuan) and the lot's start price (1,000 yuan), in fen: a
// reserve with fen, so the premium (10%: 12,345.6) rounds up and the commission (8%: 9,876.48)
// rounds down. B's max bid is above the reserve.
const RESERVE = 123_456;
const START = 100_000;
const MAX_BID = 150_000;

const MINUTE = 60_000;
/** A time as the console's date pickers take it (YYYY-MM-DD HH:mm, Beijing time). */
const pickerText = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

test('a member consigns a piece with a reserve; the house approves it into a session; it sells; the consignor is paid hammer less commission', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const admin = await adminToken(base);
  const tokenA = await memberToken(base, A.phone, A.password);
  const tokenB = await memberToken(base, B.phone, B.password);
  await ensureTradePassword(base, tokenA, A.phone, A.trade);
  await ensureTradePassword(base, tokenB, B.phone, B.trade);

  // The house's terms as the server holds them; a lot keeps the ones in force when it is made.
  const settings = await api(base, 'GET', '/v1/admin/settings', { token: admin });
  expect(settings.code, settings.msg).toBe(200);
  const { sellerCommissionBps, buyerPremiumBps, bidDepositBps } = settings.data as Record<string, number>;
  const hammer = Math.max(START, RESERVE); // one bidder above the reserve: the price rises to it
  const commission = bpsOfHalfUp(hammer, sellerCommissionBps!);
  const proceeds = hammer - commission;
  const premium = bpsOfHalfUp(hammer, buyerPremiumBps!);
  const deposit = bpsOfUp(MAX_BID, bidDepositBps!);
  const due = hammer + premium - Math.min(deposit, hammer + premium);

  const holding = { id: 0, title: '', cover: '' };
  await test.step('A holds a piece bought in the mall', async () => {
    // The cheapest piece in stock outside the ten newest (the mall journey buys among those).
    const products = await api(base, 'GET', '/v1/iyd/product/list?sort=new&page=1&pageSize=50', { token: tokenA });
    const product = (products.data.list as { id: number; title: string; stock: number; price: number }[])
      .slice(10)
      .filter((p) => p.stock > 0)
      .sort((x, y) => x.price - y.price)[0];
    expect(product, 'a piece in stock').toBeTruthy();
    await ensureBalance(base, admin, tokenA, product!.price);
    const order = await api(base, 'POST', '/v1/iyd/order/create', {
      token: tokenA,
      body: { items: [{ productId: product!.id, quantity: 1 }] },
    });
    expect(order.code, order.msg).toBe(200);
    const paid = await api(base, 'POST', '/v1/iyd/order/confirm', {
      token: tokenA,
      body: { id: order.data.id, tradePassword: A.trade },
    });
    expect(paid.code, paid.msg).toBe(200);
    const held = await api(base, 'GET', '/v1/iyd/pick/list?status=held&page=1&pageSize=50', { token: tokenA });
    const piece = (held.data.list as { id: number; title: string; cover: string; orderId: number }[]).find(
      (h) => h.orderId === order.data.id,
    );
    expect(piece, 'the bought piece in custody').toBeTruthy();
    holding.id = piece!.id;
    holding.title = piece!.title;
    holding.cover = piece!.cover;
  });
  // B has the money for the bid's deposit and the order.
  await ensureBalance(base, admin, tokenB, MAX_BID + bpsOfHalfUp(MAX_BID, buyerPremiumBps!));

  const a = await memberPhone(browser, base, tokenA);
  const b = await memberPhone(browser, base, tokenB);
  const piece = a.page.locator(`[data-testid="pick-item"][data-id="${holding.id}"]`);

  let delegationId = 0;
  await test.step('A consigns it from the held pieces with a reserve of 1,234.56 yuan', async () => {
    await a.page.goto('/#/pages/my/my');
    await a.page.getByTestId('my-entry-pick-list').click();
    await expect(piece).toBeVisible({ timeout: 20_000 });
    await piece.getByTestId('pick-item-check').click();
    await a.page.getByTestId('held-delegate').click();
    await a.page.getByTestId('delegate-reserve').fill(String(RESERVE / 100));
    await expect(a.page.getByTestId('delegate-error')).toHaveCount(0);
    await a.page.getByTestId('delegate-confirm').click();
    await a.page.getByTestId('message-box-confirm').click();
    await expect(a.page.getByTestId('delegation-list-page')).toBeVisible({ timeout: 20_000 });
    const pending = await api(base, 'GET', '/v1/iyd/delegate/list?status=pending&page=1&pageSize=50', {
      token: tokenA,
    });
    const consignment = (pending.data.list as { id: number; holding: { id: number } }[]).find(
      (d) => d.holding.id === holding.id,
    );
    expect(consignment, 'the pending consignment').toBeTruthy();
    delegationId = consignment!.id;
    const item = a.page.locator(`[data-testid="delegation-item"][data-id="${delegationId}"]`);
    await expect(item).toContainText(holding.title);
    await expect(item.getByTestId('delegation-status')).toHaveText('待审核');
    await expect(item.getByTestId('delegation-reserve')).toContainText(yuan(RESERVE));
  });

  // The house's own session for it (not one of the demo's, whose collectors bid on every lot).
  const sessionTitle = `委托精品专场 ${Date.now().toString(36).slice(-5)}`;
  const session = await api(base, 'POST', '/v1/admin/sessions', {
    token: admin,
    body: { title: sessionTitle, cover: holding.cover, startsAt: Date.now() },
  });
  expect(session.code, session.msg).toBe(200);
  const sessionId = session.data.id as number;

  const op = await consolePage(browser, base);
  let lotId = 0;
  let startsAt = 0;
  let endsAt = 0;
  await test.step('an operator approves it in the console into the session, ending within the next minutes', async () => {
    await op.page.getByTestId('nav-delegations').click();
    const row = op.page.getByTestId(`delegation-row-${delegationId}`);
    await expect(row).toContainText(holding.title, { timeout: 20_000 });
    await expect(row).toContainText(yuan(RESERVE));
    await op.page.getByTestId(`delegation-approve-${delegationId}`).click();
    await op.page.getByTestId('delegation-start-price').fill(String(START / 100));
    const sessionPicker = op.page.getByTestId('delegation-session');
    await sessionPicker.click();
    await op.page.keyboard.type(sessionTitle);
    await op.page
      .locator('.ant-select-item-option')
      .filter({ hasText: `${sessionTitle}（#${sessionId}）` })
      .click();
    // The pickers take whole minutes: the lot starts this minute (or the next, late in this
    // one) and ends at the first minute boundary that leaves B time to bid.
    const now = Date.now();
    const thisMinute = now - (now % MINUTE);
    startsAt = now - thisMinute <= 30_000 ? thisMinute : thisMinute + MINUTE;
    endsAt = startsAt + MINUTE;
    for (const [testId, at] of [
      ['delegation-starts', startsAt],
      ['delegation-ends', endsAt],
    ] as const) {
      const input = op.page.getByTestId(testId);
      await input.click();
      await input.fill(pickerText(at));
      await input.press('Enter');
      await expect(input).toHaveValue(pickerText(at));
    }
    await shot(op.page, 'consignment-01-console-approve');
    // The soft close (a bid late in a lot moves its end) would stretch this short lot by two
    // minutes: the operator shortens the window for this lot, which keeps the rules in force
    // when it is made, and puts it back at once.
    const softCloseSeconds = (settings.data as Record<string, number>).softCloseSeconds!;
    const shortened = await api(base, 'PUT', '/v1/admin/settings', { token: admin, body: { softCloseSeconds: 10 } });
    expect(shortened.code, shortened.msg).toBe(200);
    try {
      await op.page.getByTestId('delegation-approve-submit').click();
      const toast = op.page.getByText(new RegExp(`已通过委托 #${delegationId}，生成拍品 #\\d+`));
      await expect(toast).toBeVisible({ timeout: 20_000 });
      lotId = Number(/生成拍品 #(\d+)/.exec((await toast.textContent()) ?? '')?.[1]);
    } finally {
      const restored = await api(base, 'PUT', '/v1/admin/settings', { token: admin, body: { softCloseSeconds } });
      expect(restored.code, restored.msg).toBe(200);
    }
    expect(lotId).toBeGreaterThan(0);
    await expect(row).toHaveCount(0);
  });

  await test.step('B finds the lot in the session and bids above the reserve with the trade password', async () => {
    const lot = await api(base, 'GET', `/v1/iyd/auction/info?id=${lotId}`);
    // The premium the bid sheet and the order use is the lot's own, the settings' at approval.
    expect(lot.data.rules.premiumBps).toBe(buyerPremiumBps);
    expect(lot.data.sessionId).toBe(sessionId);
    await b.page.goto('/#/pages/my/my');
    await b.page.getByTestId('my-entry-auctions').click();
    await expect(b.page.getByTestId('auction-list-page')).toBeVisible();
    // Upcoming until its start, live from then: B looks under the tab the lot is in now.
    const card = b.page.locator(`[data-testid="lot-card"][data-id="${lotId}"]`);
    // A list loaded in the second the lot starts may hold it under neither tab: B reopens the page.
    let tries = 0;
    await expect(async () => {
      if (tries++ > 0) {
        await b.page.reload();
        await expect(b.page.getByTestId('auction-list-page')).toBeVisible();
      }
      const tab = startsAt > Date.now() ? 'upcoming' : 'live';
      await b.page.getByTestId(`auction-list-tab-${tab}`).click();
      await expect(card).toContainText(holding.title, { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await card.click();
    await expect(b.page.getByTestId('lot-title')).toHaveText(holding.title);
    await expect(b.page.getByTestId('lot-start-price')).toHaveText(yuan(START));
    await expect(b.page.getByTestId('lot-page')).toContainText('本件为会员委托寄拍的藏品');
    await expect(b.page.getByTestId('lot-bid-button')).toBeEnabled({ timeout: 60_000 });
    await b.page.getByTestId('lot-bid-button').click();
    await b.page.getByTestId('bid-sheet-input').fill(String(MAX_BID / 100));
    await expect(b.page.getByTestId('bid-sheet-premium')).toHaveText(yuan(bpsOfHalfUp(MAX_BID, buyerPremiumBps!)));
    await expect(b.page.getByTestId('bid-sheet-deposit')).toHaveText(yuan(deposit));
    await b.page.getByTestId('bid-sheet-confirm').click();
    await expect(b.page.getByTestId('password-popup')).toBeVisible();
    await b.page.keyboard.type(B.trade);
    await expect(b.page.getByTestId('lot-my-status')).toHaveText('领先', { timeout: 20_000 });
    await expect(b.page.getByTestId('lot-reserve')).toHaveText('已达到');
    await expect(b.page.getByTestId('lot-price')).toHaveAttribute('data-fen', String(hammer));
  });

  const balanceBefore = await balanceOf(base, tokenA);
  await test.step('the lot closes on time: B won and pays the order with the trade password', async () => {
    // The lot ends at the minute the operator chose (plus at most the short soft close).
    await expect(b.page.getByTestId('lot-status')).toHaveText('已成交', { timeout: endsAt - Date.now() + 60_000 });
    await expect(b.page.getByTestId('lot-winner')).toContainText('恭喜您拍得');
    await expect(b.page.getByTestId('lot-price')).toHaveAttribute('data-fen', String(hammer));
    await b.page.getByTestId('lot-pay').click();
    await expect(b.page.getByTestId('order-status')).toContainText('待支付');
    await expect(b.page.getByTestId('order-amount')).toHaveText(yuan(due));
    await b.page.getByTestId('order-pay').click();
    await expect(b.page.getByTestId('password-popup')).toBeVisible();
    await b.page.keyboard.type(B.trade);
    await expect(b.page.getByTestId('order-status')).toContainText('已支付', { timeout: 20_000 });
  });

  await test.step('A sees the consignment sold with hammer, commission and proceeds', async () => {
    await a.page.goto('/#/pages/my/my');
    await a.page.getByTestId('my-entry-delegation-list').click();
    await a.page.getByTestId('delegation-list-tab-sold').click();
    const item = a.page.locator(`[data-testid="delegation-item"][data-id="${delegationId}"]`);
    await expect(item.getByTestId('delegation-status')).toHaveText('已成交', { timeout: 20_000 });
    await expect(item.getByTestId('delegation-reserve')).toContainText(yuan(RESERVE));
    await expect(item.getByTestId('delegation-hammer').locator('dd')).toHaveText(yuan(hammer));
    await expect(item.getByTestId('delegation-commission').locator('dd')).toHaveText(yuan(commission));
    await expect(item.getByTestId('delegation-proceeds').locator('dd')).toHaveText(yuan(proceeds));
    await item.scrollIntoViewIfNeeded();
    await shot(a.page, 'consignment-02-delegation-sold');
  });

  await test.step('A finds the proceeds in their bills (账单明细), with the balance after it', async () => {
    await a.page.goto('/#/pages/my/my');
    await a.page.getByTestId('my-entry-bill').click();
    await expect(a.page.getByTestId('bill-page')).toBeVisible();
    const entry = a.page.locator('[data-testid="bill-item"][data-type="sale_proceeds"]').first();
    await expect(entry).toContainText('拍卖所得', { timeout: 20_000 });
    await expect(entry.getByTestId('bill-item-amount')).toHaveText(yuan(proceeds, { signed: true }));
    await expect(entry).toContainText(`余额 ${yuan(balanceBefore + proceeds)}`);
    await expect(a.page.getByTestId('bill-balance')).toHaveText(yuan(balanceBefore + proceeds));
    await shot(a.page, 'consignment-03-bills-proceeds');
  });

  await test.step('B finds the piece in custody with its history: bought at lot N', async () => {
    await b.page.goto('/#/pages/pick-list/pick-list');
    const mine = b.page.locator(`[data-testid="pick-item"][data-id="${holding.id}"]`);
    await expect(mine).toContainText(holding.title, { timeout: 20_000 });
    await mine.getByTestId('pick-item-open').click();
    await expect(b.page.getByTestId('holding-title')).toHaveText(holding.title);
    const events = b.page.getByTestId('holding-event');
    await expect(events).toHaveCount(5);
    const kinds = await events.evaluateAll((els) => els.map((e) => e.getAttribute('data-event')));
    expect(kinds).toEqual(['bought', 'consigned', 'listed', 'sold', 'won']);
    const sold = b.page.locator('[data-testid="holding-event"][data-event="sold"]');
    await expect(sold.getByTestId('holding-event-price')).toHaveText(yuan(hammer));
    await expect(b.page.locator('[data-event="won"]').getByTestId('holding-event-price')).toHaveText(yuan(hammer));
    await shot(b.page, 'consignment-04-buyer-history');
    await sold.getByRole('button', { name: '查看拍品' }).click();
    await expect(b.page.getByTestId('lot-title')).toHaveText(holding.title);
    expect(b.page.url()).toContain(`id=${lotId}`);
    await expect(b.page.getByTestId('lot-status')).toHaveText('已成交');
  });

  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
  expect(op.errors).toEqual([]);
  await Promise.all([a.context.close(), b.context.close(), op.context.close()]);
});
