import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { CAPTCHA, adminToken, api, phonePage, pngFile, shot, smsCode } from './support';

// A demo member from the first-start data: verified, ¥50,000.00 recorded as a deposit.
const PHONE = '13800000001';
const PASSWORD = 'demo1234';
const TITLE = '清雍正 斗彩团花纹小杯';

async function consoleLogin(page: Page) {
  await page.goto('/admin/');
  await page.getByTestId('admin-login-username').fill('admin');
  await page.getByTestId('admin-login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  await expect(page.getByTestId('header-operator-name')).toBeVisible();
}

test('an operator lists an antique; a member finds, buys and pays for it, and sees it in custody and bills', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const ctx = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    acceptDownloads: true,
  });
  const desk = await ctx.newPage();

  await test.step('the operator adds a category and a product with photos, on sale', async () => {
    await consoleLogin(desk);
    await desk.getByTestId('nav-categories').click();
    await desk.getByTestId('category-create').click();
    await desk.getByTestId('category-name').fill('斗彩小品');
    await desk.getByTestId('category-submit').click();
    await expect(desk.getByText('斗彩小品').first()).toBeVisible();

    await desk.getByTestId('nav-products').click();
    await desk.getByTestId('product-create').click();
    await desk.getByTestId('product-title').fill(TITLE);
    await desk.getByTestId('product-category').click();
    await desk.locator('.ant-select-item-option', { hasText: '斗彩小品' }).click();
    await desk.getByTestId('product-price').fill('1288');
    await desk.getByTestId('product-market-price').fill('1680');
    await desk.getByTestId('product-stock').fill('3');
    await desk.getByTestId('product-era').fill('清雍正');
    await desk.getByTestId('product-material').fill('瓷');
    await desk.getByTestId('product-dimensions').fill('高 4.2cm 口径 6.8cm');
    await desk.getByTestId('product-provenance').fill('香港私人藏家旧藏');
    await desk.getByTestId('product-description').fill('<p>胎质细腻，斗彩发色鲜亮，团花规整。</p>');
    await desk.getByTestId('product-cover-input').setInputFiles(pngFile('cover.png'));
    await desk.getByTestId('product-images-input').setInputFiles([pngFile('a.png'), pngFile('b.png')]);
    await expect(desk.getByTestId('product-image-1')).toBeVisible();
    await desk.getByTestId('product-on-sale').click();
    await shot(desk, 'mall-01-console-product-form');
    await desk.getByTestId('product-submit').click();
    await expect(desk.getByText(TITLE).first()).toBeVisible();
    await shot(desk, 'mall-02-console-products');
  });

  const { page, errors } = await phonePage(browser, base);

  await test.step('the member logs in and sets a trade password', async () => {
    await page.goto('/#/pages/login/login');
    await page.getByTestId('login-phone').fill(PHONE);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('my-page')).toBeVisible();
    await page.goto('/#/pages/trade-password/trade-password');
    await page.getByTestId('captcha-input').fill(CAPTCHA);
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toContainText(/\d+/);
    await page.getByTestId('trade-password-sms-code').fill(await smsCode(base, PHONE, 'trade'));
    await page.getByTestId('trade-password-new').click();
    await page.keyboard.type('246810');
    await expect(page.getByTestId('password-popup')).toContainText('请再次输入交易密码');
    await page.keyboard.type('246810');
    await page.getByTestId('trade-password-submit').click();
    await expect(page.getByTestId('trade-password-page')).toBeHidden();
  });

  await test.step('browses the home page, a category and the mall with search and sorting', async () => {
    await page.goto('/#/pages/index/index');
    await expect(page.getByTestId('home-banner-item').first()).toBeVisible();
    await expect(page.getByTestId('home-category-item').first()).toBeVisible();
    await expect(page.getByTestId('home-product-item').first()).toBeVisible();
    await shot(page, 'mall-03-home');
    await page.goto('/#/pages/category/category');
    await expect(page.getByTestId('category-side-item').first()).toBeVisible();
    await shot(page, 'mall-04-category');
    await page.goto('/#/pages/mall/mall');
    await expect(page.getByTestId('mall-product-item').first()).toBeVisible();
    await page.getByTestId('mall-sort-price_desc').click();
    await shot(page, 'mall-05-mall-by-price');
    await page.getByTestId('mall-search-input').fill('斗彩 小杯');
    await page.getByTestId('mall-search-submit').click();
    await expect(page.getByTestId('mall-product-item')).toHaveCount(1);
    await expect(page.getByTestId('mall-product-item')).toContainText(TITLE);
    await shot(page, 'mall-06-mall-search');
  });

  await test.step('opens the product: gallery with zoom, details, collects it, adds it to the cart', async () => {
    await page.getByTestId('mall-product-item').first().click();
    await expect(page.getByTestId('product-title')).toHaveText(TITLE);
    await expect(page.getByTestId('product-price')).toContainText('1,288.00');
    await expect(page.getByTestId('product-era')).toContainText('清雍正');
    await expect(page.getByTestId('product-provenance')).toContainText('香港私人藏家旧藏');
    await shot(page, 'mall-07-product');
    await page.getByTestId('product-image').first().click();
    await expect(page.locator('.adm-image-viewer-content, .adm-image-viewer-slides').first()).toBeVisible();
    await shot(page, 'mall-08-product-zoom');
    await page.keyboard.press('Escape');
    await expect(page.locator('.adm-image-viewer-content, .adm-image-viewer-slides')).toHaveCount(0);
    await expect(page.getByTestId('product-title')).toBeVisible();
    await page.getByTestId('product-collect').click();
    await expect(page.getByTestId('product-collect')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('product-add-to-cart').click();
    await page.getByTestId('product-add-to-cart').click();
    await expect(page.getByTestId('cart-badge')).toContainText('2');
  });

  await test.step('adds a second antique from the mall, and orders both from the cart', async () => {
    await page.goto('/#/pages/mall/mall');
    const other = page.getByTestId('mall-product-item').filter({ hasNotText: TITLE }).first();
    await other.click();
    await expect(page.getByTestId('product-page')).toBeVisible();
    await page.getByTestId('product-add-to-cart').click();
    await page.getByTestId('cart-open').click();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await shot(page, 'mall-09-cart');
    await page.getByTestId('cart-checkout').click();
    await expect(page.getByTestId('create-order-line')).toHaveCount(2);
    await page.getByTestId('create-order-remark').fill('请用锦盒包装');
    await shot(page, 'mall-10-create-order');
    await page.getByTestId('create-order-submit').click();
    await expect(page.getByTestId('order-status')).toContainText('待支付');
    await expect(page.getByTestId('order-countdown')).toBeVisible();
    await shot(page, 'mall-11-order-pending');
  });

  let orderNo = '';
  await test.step('pays with the trade password in the password popup', async () => {
    orderNo = (await page.getByTestId('order-no').textContent())!.replace(/\D/g, '');
    await page.getByTestId('order-pay').click();
    await expect(page.getByTestId('password-popup')).toBeVisible();
    await page.keyboard.type('246810');
    await expect(page.getByTestId('order-status')).toContainText('已支付');
    await shot(page, 'mall-12-order-paid');
  });

  await test.step('finds the paid order in the list, one holding per unit in custody, and the payment in bills', async () => {
    await page.goto('/#/pages/order-list/order-list');
    await page.getByTestId('order-list-tab-paid').click();
    await expect(page.getByTestId('order-card').first()).toContainText(orderNo.slice(-6));
    await shot(page, 'mall-13-order-list');
    await page.getByTestId('order-card').first().click();
    await expect(page.getByTestId('order-timeline')).toBeVisible();
    await page.goto('/#/pages/pick-list/pick-list');
    await expect(page.getByTestId('pick-item')).toHaveCount(3);
    await shot(page, 'mall-14-custody');
    await page.goto('/#/pages/bill/bill');
    await expect(page.getByTestId('bill-item').first()).toContainText('支付');
    await shot(page, 'mall-15-bills');
  });

  await test.step('adds, edits, sets default and deletes delivery addresses', async () => {
    await page.goto('/#/pages/address-list/address-list');
    for (const [name, detail] of [
      ['林婉清', '东华门大街 1 号'],
      ['王雅琴', '南锣鼓巷 27 号院'],
    ]) {
      await page.getByTestId('address-add').click();
      await page.getByTestId('address-name').fill(name!);
      await page.getByTestId('address-phone').fill('13912345678');
      await page.getByTestId('address-region').click();
      await page.getByTestId('address-region-picker').getByText('确定').click();
      await page.getByTestId('address-detail').fill(detail!);
      if (name === '林婉清') await shot(page, 'mall-16-address-form');
      await page.getByTestId('address-save').click();
      await expect(page.getByTestId('address-list-page')).toBeVisible();
    }
    await expect(page.getByTestId('address-item')).toHaveCount(2);
    await shot(page, 'mall-17-address-list');
    const second = page.getByTestId('address-item').filter({ hasText: '王雅琴' });
    await second.getByTestId('address-set-default').click();
    await expect(page.getByTestId('address-item').first()).toContainText('王雅琴');
    await page.getByTestId('address-item').filter({ hasText: '林婉清' }).getByTestId('address-edit').click();
    await page.getByTestId('address-detail').fill('东华门大街 2 号');
    await page.getByTestId('address-save').click();
    await expect(page.getByTestId('address-item').filter({ hasText: '东华门大街 2 号' })).toHaveCount(1);
    await page.getByTestId('address-item').filter({ hasText: '林婉清' }).getByTestId('address-delete').click();
    await page.getByTestId('message-box-confirm').click();
    await expect(page.getByTestId('address-item')).toHaveCount(1);
  });

  await test.step('the operator sees the order and exports bills and orders as CSV', async () => {
    await desk.getByTestId('nav-orders').click();
    await expect(desk.getByText(orderNo).first()).toBeVisible();
    await shot(desk, 'mall-18-console-orders');
    const [orders] = await Promise.all([desk.waitForEvent('download'), desk.getByTestId('export-orders').click()]);
    const ordersCsv = fs.readFileSync((await orders.path())!, 'utf8');
    expect(ordersCsv).toContain(orderNo);
    expect(ordersCsv).toContain(TITLE);
    await desk.getByTestId('nav-ledger').click();
    const [bills] = await Promise.all([desk.waitForEvent('download'), desk.getByTestId('export-bills').click()]);
    expect(fs.readFileSync((await bills.path())!, 'utf8')).toContain(`订单 ${orderNo}`);
    await shot(desk, 'mall-19-console-ledger');
  });

  const token = await adminToken(base);
  const rec = await api(base, 'GET', '/v1/admin/reconcile', { token });
  expect(rec.data.ok).toBe(true);
  expect(errors).toEqual([]);
  await ctx.close();
});
