// Walks the member app as a new member would and saves a phone-sized screenshot of each page.
// Needs a running server with CAPTCHA_TEST_CODE set and an operator login for the SMS outbox:
//   BASE_URL=http://127.0.0.1:8080 CAPTCHA_CODE=1234 ADMIN_PASSWORD=... node apps/web/scripts/screenshot-pages.mjs
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const captcha = process.env.CAPTCHA_CODE ?? '1234';
const adminPassword = process.env.ADMIN_PASSWORD ?? '';
const out = process.env.OUT_DIR ?? '/tmp/web-screens';
const phone = process.env.PHONE ?? `139${String(Date.now()).slice(-8)}`;
const password = 'Antique2024';
mkdirSync(out, { recursive: true });

async function api(path, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

async function latestSmsCode(scene) {
  const admin = await api('/v1/admin/login', { method: 'POST', body: { username: 'admin', password: adminPassword } });
  const outbox = await api(`/v1/admin/sms/outbox?phone=${phone}`, { token: admin.data.token });
  const row = outbox.data.list.find((item) => !scene || item.scene === scene) ?? outbox.data.list[0];
  return /\d{6}/.exec(row.content)[0];
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
});
page.on('pageerror', (error) => console.error('page error:', error.message));
page.on('console', (message) => message.type() === 'error' && console.error('console:', message.text()));

const shot = async (name) => {
  await page.waitForTimeout(450);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${out}/${name}.png`);
};
const go = async (hash) => {
  await page.goto(`${base}/#${hash}`);
  // A page with live lots keeps its stream open, so the network may never go quiet: a few seconds at most.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
};

await go('/pages/my/my');
await page.getByTestId('login-phone').waitFor();
await shot('01-login-redirect');
await page.getByTestId('login-submit').click();
await shot('02-login-errors');

await go('/pages/register/register?inviteCode=');
await page.getByTestId('register-phone').fill(phone);
await page.getByTestId('captcha-input').fill(captcha);
await shot('03-register');
await page.getByTestId('sms-send').click();
await page.waitForTimeout(800);
await shot('04-register-sms-sent');
await page.getByTestId('register-sms-code').fill(await latestSmsCode('register'));
await page.getByTestId('register-password').fill(password);
await page.getByTestId('register-agree').click();
await page.getByTestId('register-submit').click();
await page.getByTestId('my-balance').waitFor();
await shot('05-my');

await go('/pages/index/index');
await page.getByTestId('home-banner-item').first().waitFor();
await shot('06-home');

// The pages of issue 7: the mall, a piece, an empty list, an error, the forgot-password flow, money in English.
await go('/pages/mall/mall');
await page.getByTestId('mall-product-item').first().waitFor();
await shot('06a-mall');
const firstPiece = await page.getByTestId('mall-product-item').first().getAttribute('data-id');
await go(`/pages/product/product?id=${firstPiece}`);
await page.getByTestId('product-title').waitFor();
await shot('06b-product');
await page.locator('.gallery-item').first().click();
await page.waitForTimeout(600);
await shot('06c-image-viewer');
await page.keyboard.press('Escape');
await go('/pages/order-list/order-list');
await page.getByTestId('order-list-empty').waitFor();
await shot('06d-empty-orders');
await page.route('**/v1/iyd/product/list**', (route) => route.abort());
await go('/pages/mall/mall?keyword=x');
await page.getByTestId('mall-error').waitFor();
await shot('06e-error');
await page.unroute('**/v1/iyd/product/list**');
await go('/pages/address/address');
await shot('06f-address-new');
const token = await page.evaluate(() => window.localStorage.getItem('antique_auction_token'));
await page.evaluate(() => window.localStorage.removeItem('antique_auction_token'));
await page.goto(`${base}/#/pages/login/login`);
await page.reload();
await page.getByTestId('login-phone').waitFor();
await shot('06g-login-guest-no-history');
await page.getByTestId('login-forgot-password').click();
await page.getByTestId('forgot-password-page').waitFor();
await shot('06h-forgot-password');
await page.evaluate((value) => window.localStorage.setItem('antique_auction_locale', value), 'en');
await page.evaluate((value) => window.localStorage.setItem('antique_auction_token', value), token);
await page.goto(`${base}/#/pages/index/index`);
await page.reload();
await page.getByTestId('home-banner-item').first().waitFor();
await shot('06i-home-english');
await go(`/pages/product/product?id=${firstPiece}`);
await page.getByTestId('product-title').waitFor();
await shot('06j-product-english');
await page.evaluate(() => window.localStorage.removeItem('antique_auction_locale'));
await page.reload();
if (process.env.QUICK === '1') {
  await browser.close();
  process.exit(0);
}
await go('/pages/user-setting/user-setting');
await shot('07-user-setting');
await page.getByTestId('setting-language').click();
await shot('08-language-popup');
await page.keyboard.press('Escape');
await go('/pages/password/password');
await shot('09-password');
await go('/pages/trade-password/trade-password');
await shot('10-trade-password');
await page.getByTestId('trade-password-new').click();
await page.keyboard.type('123');
await shot('11-trade-password-popup');
await go('/pages/realname/realname');
await shot('12-realname');
await go('/pages/rule/rule?id=agreement');
await shot('13-rule');
await go('/pages/team/team');
await shot('14-not-built-route');
await go('/pages/nowhere/nowhere');
await shot('15-unknown-route');

// One SMS per phone a minute: wait out the register code's cooldown before each next one.
const smsCooldown = () => page.waitForTimeout(61_000);

// Set the trade password: SMS code, then six digits twice in the keypad popup.
await smsCooldown();
await go('/pages/trade-password/trade-password');
await page.getByTestId('captcha-input').fill(captcha);
await page.getByTestId('sms-send').click();
await page.waitForTimeout(600);
await page.getByTestId('trade-password-sms-code').fill(await latestSmsCode('trade'));
await page.getByTestId('trade-password-new').click();
await page.waitForTimeout(400);
await page.keyboard.type('258147');
await page.waitForTimeout(300);
await shot('16-trade-password-confirm-popup');
await page.keyboard.type('258147');
await page.waitForTimeout(500);
await shot('17-trade-password-filled');
await page.getByTestId('trade-password-submit').click();
await page.getByTestId('trade-password-page').waitFor({ state: 'detached' });
await shot('18-trade-password-done');

// Real-name check with both ID photos.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPY39DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
await go('/pages/realname/realname');
await page.getByTestId('realname-name').fill('张三');
await page.getByTestId('realname-id-number').fill('11010519491231002X');
await page.getByTestId('realname-front').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
await page.waitForTimeout(800);
await page.getByTestId('realname-back').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png });
await page.waitForTimeout(800);
await shot('19-realname-filled');
await page.getByTestId('realname-submit').click();
await page.getByTestId('realname-status').and(page.locator('[data-status="pending"]')).waitFor();
await shot('20-realname-pending');

// Change the login password.
await smsCooldown();
await go('/pages/password/password');
await page.getByTestId('captcha-input').fill(captcha);
await page.getByTestId('sms-send').click();
await page.waitForTimeout(600);
await page.getByTestId('password-sms-code').fill(await latestSmsCode('password'));
await page.getByTestId('password-new').fill('Antique2025');
await page.getByTestId('password-confirm').fill('Antique2025');
await page.getByTestId('password-submit').click();
await page.getByTestId('password-page').waitFor({ state: 'detached' });
await go('/pages/trade-password/trade-password');
await shot('21-trade-password-now-set');

// English, then log out.
await go('/pages/user-setting/user-setting');
await page.getByTestId('setting-language').click();
await page.getByTestId('setting-language-en').click();
await page.waitForTimeout(600);
await go('/pages/my/my');
await shot('22-my-english');
await go('/pages/user-setting/user-setting');
await page.getByTestId('setting-logout').click();
await shot('23-logout-confirm');
await page.getByTestId('message-box-confirm').click();
await page.getByTestId('login-phone').waitFor();
await shot('24-logged-out');

await browser.close();
