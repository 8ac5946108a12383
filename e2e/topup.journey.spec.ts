import { expect, test } from '@playwright/test';
import {
  adminToken,
  api,
  balanceOf,
  consolePage,
  ensureTradePassword,
  memberPhone,
  memberToken,
  pngFile,
  shot,
  yuan,
} from './support';

// The demo member without money (the team journey's inviter): verified here, the money added online.
const C = { phone: '13800000004', password: 'demo1234', trade: '271828' };
const LOT_TITLE = '民国 紫砂松鼠葡萄纹壶';

/** The member's real name submitted with pictures through the upload API, and approved by an operator. */
async function verifyRealName(base: string, token: string, admin: string) {
  const me = await api(base, 'GET', '/v1/iyd/member/info', { token });
  if (me.data.realNameStatus === 'verified') return;
  const picture = async () => {
    const oss = await api(base, 'GET', '/v1/iyd/oss?purpose=idcard', { token });
    expect(oss.code, oss.msg).toBe(200);
    const put = await fetch(new URL(oss.data.uploadUrl, base), {
      method: 'PUT',
      headers: { 'content-type': 'image/png', ...oss.data.headers },
      body: pngFile('id.png').buffer,
    });
    expect(put.ok).toBe(true);
    return oss.data.url as string;
  };
  const front = await picture();
  const back = await picture();
  const auth = await api(base, 'POST', '/v1/iyd/member/auth', {
    token,
    body: { realName: '周明远', idNumber: '11010519491231002X', frontImage: front, backImage: back },
  });
  expect(auth.code, auth.msg).toBe(200);
  const review = await api(base, 'POST', `/v1/admin/realname/${me.data.id}/review`, {
    token: admin,
    body: { approve: true },
  });
  expect(review.code, review.msg).toBe(200);
}

test('a member short of a deposit tops up through Alipay’s page, comes back and bids; an order’s shortfall is paid by WeChat Pay in one step', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const admin = await adminToken(base);
  const token = await memberToken(base, C.phone, C.password);
  await verifyRealName(base, token, admin);
  await ensureTradePassword(base, token, C.phone, C.trade);
  const start = await balanceOf(base, token);
  expect((await api(base, 'GET', '/v1/iyd/asset/recharge/config', { token })).data.channels).toEqual([
    'alipay',
    'wechat',
  ]);

  let lotId = 0;
  await test.step('the house puts a lot live now', async () => {
    const products = await api(base, 'GET', '/v1/iyd/product/list?page=1&pageSize=1', { token });
    const cover = products.data.list[0].cover as string;
    const categoryId = (await api(base, 'GET', '/v1/iyd/category/list')).data[0].id as number;
    const product = await api(base, 'POST', '/v1/admin/products', {
      token: admin,
      body: {
        title: LOT_TITLE,
        categoryId,
        cover,
        images: [cover],
        price: 80_000,
        marketPrice: 80_000,
        stock: 1,
        description: '<p>壶身松鼠葡萄浮雕，包浆温润。</p>',
        era: '民国',
        material: '紫砂',
        dimensions: '高 9cm',
        provenance: '上海私人旧藏',
        tags: [],
        onSale: false,
      },
    });
    expect(product.code, product.msg).toBe(200);
    const now = Date.now();
    const lot = await api(base, 'POST', '/v1/admin/lots', {
      token: admin,
      // Its deposit (10%) is more than the member has.
      body: {
        productId: product.data.id,
        startPrice: Math.max(10_000, Math.ceil(((start + 1_000) * 10) / 100) * 100),
        startsAt: now,
        endsAt: now + 15 * 60_000,
      },
    });
    expect(lot.code, lot.msg).toBe(200);
    lotId = lot.data.id;
  });

  const { page, errors } = await memberPhone(browser, base, token);

  await test.step('the bid sheet says the balance cannot cover the deposit and offers the top-up', async () => {
    await page.goto(`/#/pages/auction/auction?id=${lotId}`);
    await expect(page.getByTestId('lot-title')).toHaveText(LOT_TITLE);
    await page.getByTestId('lot-bid-button').click();
    await expect(page.getByTestId('bid-sheet-short')).toContainText(`可用余额 ${yuan(start)}`);
    await expect(page.getByTestId('bid-sheet-confirm')).toHaveCount(0);
    await shot(page, 'topup-01-bid-sheet-short');
    await page.getByTestId('bid-sheet-top-up').click();
    await expect(page.getByTestId('recharge-online')).toBeVisible();
  });

  let rechargeId = 0;
  await test.step('the top-up page suggests what the deposit lacks; the member pays ¥500 with Alipay on its page', async () => {
    await expect(page.getByTestId('recharge-amount')).not.toHaveValue('');
    await expect(page.getByTestId('recharge-channel-alipay')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('recharge-channel-wechat')).toBeVisible();
    await expect(page.getByTestId('recharge-bank')).toBeVisible();
    await page.getByTestId('recharge-preset-50000').click();
    await expect(page.getByTestId('recharge-pay')).toHaveText('付款 ¥500.00（支付宝）');
    await shot(page, 'topup-02-recharge-page');
    await page.getByTestId('recharge-pay').click();
    // Alipay's page (the local stand-in): the amount, and 确认付款.
    await page.waitForURL((url) => url.port !== new URL(base).port);
    await expect(page.getByText('500.00')).toBeVisible();
    const back = new URL(page.url()).searchParams.get('return_url') ?? '';
    rechargeId = Number(/id=(\d+)/.exec(back)?.[1]);
    expect(rechargeId).toBeGreaterThan(0);
    await shot(page, 'topup-03-alipay-page');
  });

  await test.step('the waiting page, opened before paying, waits', async () => {
    const other = await page.context().newPage();
    await other.goto(`/#/pages/recharge-result/recharge-result?id=${rechargeId}`);
    await expect(other.getByTestId('recharge-result-title')).toHaveText('等待支付结果');
    await shot(other, 'topup-04-waiting');
    await other.close();
  });

  await test.step('paying sends the signed notice; back in the app the money has arrived; 返回继续 leads to the lot', async () => {
    await page.getByRole('button', { name: '确认付款' }).click();
    await expect(page.getByTestId('recharge-result-title')).toHaveText('到账成功');
    await expect(page.getByTestId('recharge-result-balance')).toHaveText(yuan(start + 50_000));
    await shot(page, 'topup-05-paid');
    await page.getByTestId('recharge-result-done').click();
    await expect(page.getByTestId('lot-title')).toHaveText(LOT_TITLE);
    const bills = await api(base, 'GET', '/v1/iyd/asset/bill?page=1&pageSize=5', { token });
    expect(bills.data.balance).toBe(start + 50_000);
    expect(bills.data.list[0]).toMatchObject({ type: 'recharge', amount: 50_000 });
  });

  await test.step('the member bids with the money that arrived', async () => {
    await page.getByTestId('lot-bid-button').click();
    await expect(page.getByTestId('bid-sheet-short')).toHaveCount(0);
    await page.getByTestId('bid-sheet-confirm').click();
    await expect(page.getByTestId('password-popup')).toBeVisible();
    await page.keyboard.type(C.trade);
    await expect(page.getByTestId('lot-my-status')).toHaveText('领先');
    await expect(page.getByTestId('lot-my-max')).toBeVisible();
  });

  await test.step('an order the balance cannot cover: its shortfall and the order paid in one step, by WeChat Pay', async () => {
    const list = await api(base, 'GET', '/v1/iyd/product/list?page=1&pageSize=50', { token });
    const piece = (list.data.list as { id: number; price: number; stock: number }[]).find(
      (p) => p.stock > 0 && p.price > 100_000 && p.price < 3_000_000,
    );
    expect(piece, 'a piece the balance cannot pay for').toBeTruthy();
    const order = await api(base, 'POST', '/v1/iyd/order/create', {
      token,
      body: { items: [{ productId: piece!.id, quantity: 1 }] },
    });
    expect(order.code, order.msg).toBe(200);
    const balance = (await api(base, 'GET', '/v1/iyd/asset/bill?page=1&pageSize=1', { token })).data.balance as number;
    const missing = order.data.amount - balance;
    await page.goto(`/#/pages/order/order?id=${order.data.id}`);
    await expect(page.getByTestId('order-short')).toContainText(`还差 ${yuan(missing)}`);
    await expect(page.getByTestId('order-short-pay-alipay')).toContainText(`支付宝补足 ${yuan(missing)} 并付款`);
    await shot(page, 'topup-06-order-short');
    // This time by WeChat Pay (its H5 page, the local stand-in).
    await expect(page.getByTestId('order-short-pay-wechat')).toContainText(`微信支付补足 ${yuan(missing)} 并付款`);
    await page.getByTestId('order-short-pay-wechat').click();
    await page.waitForURL((url) => url.port !== new URL(base).port);
    await page.getByRole('button', { name: '确认付款' }).click();
    // Back from Alipay: the money arrived, the server paid the order, and the app goes on to it.
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 });
    await shot(page, 'topup-07-order-paid');
    const paid = await api(base, 'GET', `/v1/iyd/order/info?id=${order.data.id}`, { token });
    expect(paid.data.status).toBe('paid');
    expect((await api(base, 'GET', '/v1/iyd/asset/bill?page=1&pageSize=1', { token })).data.balance).toBe(0);
  });

  await test.step('finance sees both recharges in the console, paid, with the providers’ transaction ids', async () => {
    const first = await api(base, 'GET', `/v1/iyd/asset/recharge/info?id=${rechargeId}`, { token });
    expect(first.data.status).toBe('paid');
    const desk = await consolePage(browser, base);
    await desk.page.setViewportSize({ width: 1280, height: 800 });
    await desk.page.goto('/admin/recharges?status=paid');
    const row = desk.page.getByTestId(`recharge-row-${rechargeId}`);
    await expect(row).toContainText(first.data.no);
    await expect(desk.page.getByTestId(`recharge-status-${rechargeId}`)).toHaveText('已到账');
    await expect(desk.page.getByTestId(`recharge-trade-no-${rechargeId}`)).not.toBeEmpty();
    await expect(desk.page.getByText('微信支付').first()).toBeVisible();
    await shot(desk.page, 'topup-08-console-recharges');
    await desk.page.goto('/admin/payment-notices?verdict=credited');
    await expect(desk.page.getByTestId(/^notice-row-/).first()).toBeVisible();
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });

  expect(errors).toEqual([]);
});
