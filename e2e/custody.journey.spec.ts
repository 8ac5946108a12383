import { expect, test } from '@playwright/test';
import { adminToken, api, memberPhone, memberToken, setTradePassword, shot } from './support';

// A demo member from the first-start data: verified, with money recorded as a deposit. The
// auctions journey gives it the same trade password; no other journey uses it.
const MEMBER = { phone: '13800000002', password: 'demo1234', trade: '135246' };

async function ensureTradePassword(base: string, token: string) {
  const info = await api(base, 'GET', '/v1/iyd/member/info', { token });
  if (info.data.hasTradePassword) return;
  await setTradePassword(base, token, MEMBER.phone, MEMBER.trade);
}

test('a member ships two pieces home and confirms receipt, consigns one, withdraws and consigns again, and follows it to its lot', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const admin = await adminToken(base);
  const token = await memberToken(base, MEMBER.phone, MEMBER.password);
  await ensureTradePassword(base, token);

  const titles: string[] = [];
  const ids = new Map<string, number>();
  await test.step('the member owns three pieces bought in the mall and has a delivery address', async () => {
    // The cheapest pieces outside the ten newest: the mall journey buys among the newest.
    const products = await api(base, 'GET', '/v1/iyd/product/list?sort=new&page=1&pageSize=50', { token });
    const chosen = (products.data.list as { id: number; title: string; stock: number; price: number }[])
      .slice(10)
      .filter((p) => p.stock > 0)
      .sort((x, y) => x.price - y.price)
      .slice(0, 3);
    expect(chosen).toHaveLength(3);
    titles.push(...chosen.map((p) => p.title));
    const order = await api(base, 'POST', '/v1/iyd/order/create', {
      token,
      body: { items: chosen.map((p) => ({ productId: p.id, quantity: 1 })) },
    });
    expect(order.code, order.msg).toBe(200);
    const paid = await api(base, 'POST', '/v1/iyd/order/confirm', {
      token,
      body: { id: order.data.id, tradePassword: MEMBER.trade },
    });
    expect(paid.code, paid.msg).toBe(200);
    // Other journeys may leave this member a piece of the same title: the pieces are told apart by id.
    const held = await api(base, 'GET', '/v1/iyd/pick/list?status=held&page=1&pageSize=50', { token });
    for (const h of held.data.list as { id: number; title: string; orderId: number | null }[])
      if (h.orderId === order.data.id) ids.set(h.title, h.id);
    expect(ids.size).toBe(3);
    const address = await api(base, 'POST', '/v1/iyd/address', {
      token,
      body: { name: '沈知微', phone: '13912345678', regionCode: '110101', detail: '东华门大街 8 号', isDefault: true },
    });
    expect(address.code, address.msg).toBe(200);
  });

  const { page, errors } = await memberPhone(browser, base, token);
  const piece = (title: string) => page.locator(`[data-testid="pick-item"][data-id="${ids.get(title)}"]`);

  await test.step('chooses two held pieces and asks for them to be shipped to an address', async () => {
    await page.goto('/#/pages/my/my');
    await expect(page.getByTestId('my-entry-auctions')).toBeVisible();
    await shot(page, 'custody-00-my');
    await page.getByTestId('my-entry-pick-list').click();
    await expect(piece(titles[0]!)).toBeVisible();
    await piece(titles[0]!).getByTestId('pick-item-check').click();
    await piece(titles[1]!).getByTestId('pick-item-check').click();
    await expect(page.getByTestId('held-count')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('held-delegate')).toBeDisabled();
    await shot(page, 'custody-01-held-chosen');
    await page.getByTestId('held-pick').click();
    await expect(page.getByTestId('pick-address').first()).toContainText('沈知微');
    await shot(page, 'custody-02-pick-address');
    await page.getByTestId('pick-sheet-confirm').click();
    await expect(page.getByText('提货申请已提交', { exact: true })).toBeVisible();
    await expect(piece(titles[0]!)).toHaveCount(0);
    await page.getByTestId('pick-list-tab-picking').click();
    await expect(piece(titles[0]!)).toBeVisible();
    await expect(piece(titles[1]!).getByTestId('pick-shipping')).toContainText('等待发货');
    await shot(page, 'custody-03-picking');
  });

  await test.step('support ships it; the member sees carrier and tracking number and confirms receipt', async () => {
    const picks = await api(base, 'GET', '/v1/admin/picks?status=pending&page=1&pageSize=50', { token: admin });
    expect(picks.code, picks.msg).toBe(200);
    const pick = (picks.data.list as { id: number; memberPhone: string }[]).find((p) =>
      p.memberPhone.endsWith(MEMBER.phone.slice(-4)),
    );
    expect(pick).toBeTruthy();
    const shipped = await api(base, 'POST', `/v1/admin/picks/${pick!.id}/ship`, {
      token: admin,
      body: { carrier: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    expect(shipped.code, shipped.msg).toBe(200);
    await page.getByTestId('pick-list-tab-shipped').click();
    await expect(piece(titles[0]!).getByTestId('pick-carrier')).toContainText('顺丰速运');
    await expect(piece(titles[0]!).getByTestId('pick-tracking')).toHaveText('SF1234567890');
    await shot(page, 'custody-04-shipped');
    await piece(titles[0]!).getByTestId('pick-receive').click();
    await page.getByTestId('message-box-confirm').click();
    await expect(page.getByText('已确认收货', { exact: true })).toBeVisible();
    await page.getByTestId('pick-list-tab-received').click();
    await expect(piece(titles[0]!)).toBeVisible();
    await expect(piece(titles[1]!)).toBeVisible();
    await shot(page, 'custody-05-received');
  });

  await test.step('consigns the third piece with a reserve, then withdraws it while it waits for review', async () => {
    await page.getByTestId('pick-list-tab-held').click();
    await piece(titles[2]!).getByTestId('pick-item-check').click();
    await page.getByTestId('held-delegate').click();
    await page.getByTestId('delegate-reserve').fill('abc');
    await expect(page.getByTestId('delegate-error')).toBeVisible();
    await page.getByTestId('delegate-reserve').fill('2000');
    await shot(page, 'custody-06-delegate-sheet');
    await page.getByTestId('delegate-confirm').click();
    await page.getByTestId('message-box-confirm').click();
    await expect(page.getByTestId('delegation-list-page')).toBeVisible();
    const item = page.getByTestId('delegation-item').filter({ hasText: titles[2]! });
    await expect(item.getByTestId('delegation-status')).toHaveText('待审核');
    await expect(item.getByTestId('delegation-reserve')).toContainText('¥2,000.00');
    await shot(page, 'custody-07-delegation-pending');
    await item.getByTestId('delegation-cancel').click();
    await page.getByTestId('message-box-confirm').click();
    await expect(page.getByText('已撤回委托', { exact: true })).toBeVisible();
    await page.getByTestId('delegation-list-tab-cancelled').click();
    await expect(page.getByTestId('delegation-item').filter({ hasText: titles[2]! })).toBeVisible();
  });

  await test.step('consigns it again without a reserve; the house approves it and the lot is one tap away', async () => {
    await page.goto('/#/pages/pick-list/pick-list');
    await piece(titles[2]!).getByTestId('pick-item-check').click();
    await page.getByTestId('held-delegate').click();
    await page.getByTestId('delegate-confirm').click();
    await page.getByTestId('message-box-confirm').click();
    await expect(page.getByTestId('delegation-item').filter({ hasText: titles[2]! })).toBeVisible();
    const queue = await api(base, 'GET', '/v1/admin/delegations?status=pending&page=1&pageSize=50', { token: admin });
    const delegation = (queue.data.list as { id: number; holding: { id: number } }[]).find(
      (d) => d.holding.id === ids.get(titles[2]!),
    );
    expect(delegation).toBeTruthy();
    const now = Date.now();
    const approved = await api(base, 'POST', `/v1/admin/delegations/${delegation!.id}/review`, {
      token: admin,
      body: { approve: true, startPrice: 50_000, startsAt: now, endsAt: now + 3_600_000 },
    });
    expect(approved.code, approved.msg).toBe(200);
    await page.getByTestId('delegation-list-tab-listed').click();
    const listed = page.getByTestId('delegation-item').filter({ hasText: titles[2]! });
    await expect(listed.getByTestId('delegation-status')).toHaveText('拍卖中');
    await shot(page, 'custody-08-delegation-listed');
    await listed.getByTestId('delegation-lot').click();
    await expect(page.getByTestId('lot-title')).toHaveText(titles[2]!);
    await expect(page.getByTestId('lot-start-price')).toHaveText('¥500.00');
    await expect(page.getByTestId('lot-page')).toContainText('本件为会员委托寄拍的藏品');
  });

  await test.step('the piece’s history in the house shows every step', async () => {
    await page.goto('/#/pages/pick-list/pick-list?status=received');
    await piece(titles[0]!).getByTestId('pick-item-open').click();
    await expect(page.getByTestId('holding-sheet')).toBeVisible();
    await expect(page.getByTestId('holding-title')).toHaveText(titles[0]!);
    const events = page.getByTestId('holding-event');
    await expect(events.first()).toHaveAttribute('data-event', 'bought');
    await expect(page.getByTestId('holding-history')).toContainText('发货');
    await expect(page.getByTestId('holding-history')).toContainText('签收');
    await shot(page, 'custody-09-history');
  });

  expect(errors).toEqual([]);
});
