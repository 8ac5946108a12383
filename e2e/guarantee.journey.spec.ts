import { expect, test } from '@playwright/test';
import {
  adminToken,
  api,
  balanceOf,
  consolePage,
  ensureBalance,
  ensureTradePassword,
  memberPhone,
  memberToken,
  pngFile,
  shot,
} from './support';

// A demo member from the first-start data (the newcomer with a little money), with the trade
// password the consignment journey gives it (whichever journey runs first sets it).
const MEMBER = { phone: '13800000003', password: 'demo1234', trade: '314159' };

test('a buyer claims a received piece under the house’s guarantee; finance accepts it and the price comes back to the wallet', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const admin = await adminToken(base);
  const token = await memberToken(base, MEMBER.phone, MEMBER.password);
  await ensureTradePassword(base, token, MEMBER.phone, MEMBER.trade);

  let holdingId = 0;
  let title = '';
  let price = 0;
  await test.step('the member bought a piece, had it shipped and signed for it', async () => {
    // The cheapest piece on sale that other journeys do not buy (they buy among the newest).
    const products = await api(base, 'GET', '/v1/iyd/product/list?sort=price_asc&page=1&pageSize=50', { token });
    const chosen = (products.data.list as { id: number; title: string; stock: number; price: number }[]).find(
      (p) => p.stock > 1,
    );
    expect(chosen).toBeTruthy();
    title = chosen!.title;
    price = chosen!.price;
    await ensureBalance(base, admin, token, price);
    const order = await api(base, 'POST', '/v1/iyd/order/create', {
      token,
      body: { items: [{ productId: chosen!.id, quantity: 1 }] },
    });
    expect(order.code, order.msg).toBe(200);
    const paid = await api(base, 'POST', '/v1/iyd/order/confirm', {
      token,
      body: { id: order.data.id, tradePassword: MEMBER.trade },
    });
    expect(paid.code, paid.msg).toBe(200);
    const held = await api(base, 'GET', '/v1/iyd/pick/list?status=held&page=1&pageSize=50', { token });
    holdingId = (held.data.list as { id: number; orderId: number | null }[]).find(
      (h) => h.orderId === order.data.id,
    )!.id;
    const address = await api(base, 'POST', '/v1/iyd/address', {
      token,
      body: { name: '周砚秋', phone: '13912345679', regionCode: '310101', detail: '南京东路 100 号', isDefault: false },
    });
    expect(address.code, address.msg).toBe(200);
    const pick = await api(base, 'POST', '/v1/iyd/pick', {
      token,
      body: { holdingIds: [holdingId], addressId: address.data.id },
    });
    expect(pick.code, pick.msg).toBe(200);
    const shipped = await api(base, 'POST', `/v1/admin/picks/${pick.data.id}/ship`, {
      token: admin,
      body: { carrier: '顺丰速运', trackingNo: 'SF2026112700' },
    });
    expect(shipped.code, shipped.msg).toBe(200);
    const received = await api(base, 'POST', '/v1/iyd/pick/receive', { token, body: { id: pick.data.id } });
    expect(received.code, received.msg).toBe(200);
  });

  const { page, errors } = await memberPhone(browser, base, token);
  const before = await balanceOf(base, token);

  await test.step('finds 申请保障 on the received piece and sends a claim with a reason, words and a photo', async () => {
    await page.goto('/#/pages/pick-list/pick-list?status=received');
    const piece = page.locator(`[data-testid="pick-item"][data-id="${holdingId}"]`);
    await expect(piece.getByTestId('claim-entry')).toBeVisible();
    await shot(page, 'guarantee-01-received');
    await piece.getByTestId('claim-entry-button').click();
    await expect(page.getByTestId('claim-piece')).toContainText(title);
    // Nothing chosen: the form says what is missing and sends nothing.
    await page.getByTestId('claim-submit').click();
    await expect(page.getByTestId('claim-page')).toContainText('请选择申请原因');
    await page.getByTestId('claim-reason').getByText('与描述不符').click();
    await page
      .getByTestId('claim-text')
      .locator('textarea')
      .fill('收到后发现底款与描述不符，描述为六字双圈款，实物为四字款。');
    await page.getByTestId('claim-photo-input').setInputFiles(pngFile('bottom.png'));
    await expect(page.getByTestId('claim-photo')).toHaveCount(1);
    await shot(page, 'guarantee-02-claim-form');
    await page.getByTestId('claim-submit').click();
    await expect(page.getByTestId('claim-list-page')).toBeVisible();
    const item = page.getByTestId('claim-item').filter({ hasText: title });
    await expect(item.getByTestId('claim-status')).toHaveText('审核中');
    await shot(page, 'guarantee-03-claim-pending');
  });

  await test.step('finance reads the claim with its photo and the piece’s history, and accepts it', async () => {
    const desk = await consolePage(browser, base);
    await desk.page.getByTestId('nav-claims').click();
    const row = desk.page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button').first().click();
    const detail = desk.page.getByTestId('claim-detail');
    await expect(detail).toContainText('底款与描述不符');
    await expect(detail.getByTestId('claim-photos').locator('img')).toHaveCount(1);
    await expect(detail.getByTestId('claim-history')).toBeVisible();
    await detail.getByTestId('claim-accept').click();
    await desk.page.getByTestId('claim-decision-reason').fill('经复核，底款与图录描述不符，同意退款。');
    await shot(desk.page, 'guarantee-04-console-accept');
    await desk.page.getByRole('button', { name: '确认通过并退款' }).click();
    await expect(desk.page.getByText(`已通过，¥${(price / 100).toFixed(2)} 已退回会员余额`)).toBeVisible();
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });

  await test.step('the member sees the claim accepted, the price back in the wallet, and the message', async () => {
    await page.reload();
    const item = page.getByTestId('claim-item').filter({ hasText: title });
    await expect(item.getByTestId('claim-status')).toHaveText('已通过');
    await expect(item.getByTestId('claim-decision')).toContainText('同意退款');
    await shot(page, 'guarantee-05-claim-accepted');
    expect(await balanceOf(base, token)).toBe(before + price);
    await page.goto('/#/pages/message-list/message-list');
    await expect(
      page.locator('[data-testid="message-row"][data-kind="claim_accepted"]').filter({ hasText: title }),
    ).toBeVisible();
    const reconcile = await api(base, 'GET', '/v1/admin/reconcile', { token: admin });
    expect(reconcile.data.ok).toBe(true);
  });

  expect(errors).toEqual([]);
});
