import { expect, test } from '@playwright/test';
import { CAPTCHA, adminToken, api, phonePage, pngFile, requestSmsCode, shot, smsCode } from './support';

const PHONE = '13655550001';
const PASSWORD = 'Antique2026';
const NEW_PASSWORD = 'Heirloom2027';

test('a new member registers, verifies their real name with an operator, and changes their password', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  // The operator shortens the SMS resend wait (a setting) so the journey need not idle for minutes.
  const admin = await adminToken(base);
  const settings = await api(base, 'PUT', '/v1/admin/settings', {
    token: admin,
    body: { sms: { cooldownSeconds: 10, dailyLimit: 10, codeTtlSeconds: 300, maxTries: 5 } },
  });
  expect(settings.code).toBe(200);

  const { page, errors } = await phonePage(browser, base);

  await test.step('a guest is sent to login from any page but login, register and rule', async () => {
    for (const route of ['/pages/my/my', '/pages/realname/realname', '/pages/index/index']) {
      await page.goto(`/#${route}`);
      await expect(page.getByTestId('login-page')).toBeVisible();
    }
    await shot(page, '01-guest-sent-to-login');
    await page.goto('/#/pages/rule/rule?id=agreement');
    await expect(page.getByTestId('rule-title')).toHaveText('用户服务协议');
    await expect(page.getByTestId('rule-content')).toContainText('本行不承诺任何藏品的转售价格');
    await shot(page, '02-rule-agreement');
  });

  await test.step('registers from an invite link: captcha, SMS code, password', async () => {
    await page.goto('/#/pages/register/register?inviteCode=DEMO01');
    await expect(page.getByTestId('register-invite-code')).toHaveValue('DEMO01');
    await page.getByTestId('register-phone').fill(PHONE);
    await expect(page.getByTestId('captcha-image')).toBeVisible();
    await page.getByTestId('captcha-input').fill(CAPTCHA);
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toContainText(/\d+/);
    await page.getByTestId('register-sms-code').fill(await smsCode(base, PHONE, 'register'));
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-agree').click();
    await shot(page, '03-register-filled');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('my-page')).toBeVisible();
    await expect(page.getByTestId('my-phone')).toHaveText('136****0001');
    await expect(page.getByTestId('my-realname-status')).toHaveAttribute('data-status', 'none');
    await expect(page.getByTestId('my-balance')).toContainText('0.00');
    // Once, right after sign-up: verifying the real name is offered, without blocking.
    await expect(page.getByTestId('message-box-msg')).toContainText('完成实名认证后才能出价和提现');
    await shot(page, '04-my-after-register');
    await page.getByTestId('message-box-cancel').click();
    await expect(page.getByTestId('my-verify-banner')).toBeVisible();
  });

  await test.step('sets a trade password with an SMS code, entered twice in the password popup', async () => {
    await page.goto('/#/pages/trade-password/trade-password');
    // Sent again once the register code's resend wait is over.
    await page.getByTestId('trade-password-sms-code').fill(await requestSmsCode(page, base, PHONE, 'trade'));
    await page.getByTestId('trade-password-new').click();
    await expect(page.getByTestId('password-popup')).toBeVisible();
    await shot(page, '05-trade-password-popup');
    await page.keyboard.type('135790');
    await expect(page.getByTestId('password-popup')).toContainText('请再次输入交易密码');
    await page.keyboard.type('135790');
    await expect(page.getByTestId('password-popup')).toBeHidden();
    await shot(page, '06-trade-password-filled');
    await page.getByTestId('trade-password-submit').click();
    await expect(page.getByTestId('trade-password-page')).toBeHidden();
    await page.goto('/#/pages/my/my');
    await expect(page.getByTestId('my-trade-password-status')).toHaveText('已设置');
    await shot(page, '06b-my-trade-password-set');
  });

  await test.step('submits real-name verification with ID photos', async () => {
    await page.goto('/#/pages/realname/realname');
    await page.getByTestId('realname-name').fill('林婉清');
    await page.getByTestId('realname-id-number').fill('11010519491231002X');
    await page.getByTestId('realname-front').setInputFiles(pngFile('front.png'));
    await page.getByTestId('realname-back').setInputFiles(pngFile('back.png'));
    await expect(page.getByText('重新上传')).toHaveCount(2);
    await shot(page, '07-realname-form');
    await page.getByTestId('realname-submit').click();
    await expect(page.getByTestId('realname-status')).toHaveAttribute('data-status', 'pending');
    await shot(page, '08-realname-pending');
  });

  const members = await api(base, 'GET', `/v1/admin/members?keyword=${PHONE}`, { token: admin });
  const memberId = members.data.list[0].id as number;
  expect(members.data.list[0].inviterId).not.toBeNull();

  await test.step('an operator reads the SMS outbox and approves the verification in the console', async () => {
    const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const console = await ctx.newPage();
    await console.goto('/admin/');
    await console.getByTestId('admin-login-username').fill('admin');
    await console.getByTestId('admin-login-password').fill('e2e-admin-password');
    await console.getByTestId('admin-login-submit').click();
    await console.getByTestId('nav-sms').click();
    await expect(console.getByTestId('sms-row').first()).toBeVisible();
    // The demo's collectors are texted when outbid: the operator looks the member's phone up.
    await console.getByTestId('sms-search').fill(PHONE);
    await console.getByTestId('sms-search').press('Enter');
    await expect(console.getByTestId('sms-content').first()).toContainText('【拾古拍卖】验证码');
    await expect(console.getByTestId('sms-content').filter({ hasText: '出价已被超过' })).toHaveCount(0);
    await shot(console, '09-console-sms-outbox');
    await console.getByTestId('nav-realname').click();
    await expect(console.getByTestId(`realname-row-${memberId}`)).toContainText('林*清');
    await shot(console, '10-console-realname-queue');
    await console.getByTestId(`realname-approve-${memberId}`).click();
    await console.getByTestId('realname-approve-confirm').click();
    await expect(console.getByTestId(`realname-row-${memberId}`)).toHaveCount(0);
    await console.getByTestId('nav-audit').click();
    await expect(console.getByTestId('audit-row').first()).toContainText('realname.approve');
    await shot(console, '11-console-audit');
    await ctx.close();
  });

  await test.step('the member sees "verified" with the name masked', async () => {
    await page.goto('/#/pages/my/my');
    await expect(page.getByTestId('my-realname-status')).toHaveAttribute('data-status', 'verified');
    await shot(page, '12-my-verified');
    await page.goto('/#/pages/realname/realname');
    await expect(page.getByTestId('realname-status')).toHaveAttribute('data-status', 'verified');
    await expect(page.getByTestId('realname-verified-name')).toContainText('林*清');
    await shot(page, '13-realname-verified');
  });

  await test.step('changing the login password sends every other session to login', async () => {
    const other = await phonePage(browser, base);
    await other.page.goto('/#/pages/login/login');
    await other.page.getByTestId('login-phone').fill(PHONE);
    await other.page.getByTestId('login-password').fill(PASSWORD);
    await other.page.getByTestId('login-submit').click();
    await expect(other.page.getByTestId('my-page')).toBeVisible();

    await page.goto('/#/pages/password/password');
    await page.getByTestId('password-sms-code').fill(await requestSmsCode(page, base, PHONE, 'password'));
    await page.getByTestId('password-new').fill(NEW_PASSWORD);
    await page.getByTestId('password-confirm').fill(NEW_PASSWORD);
    await shot(page, '14-password-form');
    await page.getByTestId('password-submit').click();
    await expect(page.getByTestId('password-page')).toBeHidden();

    // The app checks the session again on a page change once what it knows of the member is
    // more than two seconds old (SESSION_RECHECK_MS): the other phone opens its next page later
    // than that, as a person would, and finds its session ended.
    await other.page.waitForTimeout(2_100);
    await other.page.goto('/#/pages/user-setting/user-setting');
    await expect(other.page.getByTestId('login-page')).toBeVisible();
    await shot(other.page, '15-other-session-sent-to-login');
    await other.page.getByTestId('login-phone').fill(PHONE);
    await other.page.getByTestId('login-password').fill(NEW_PASSWORD);
    await other.page.getByTestId('login-submit').click();
    // Back to the page the session ended on.
    await expect(other.page.getByTestId('user-setting-page')).toBeVisible();
    expect(other.errors).toEqual([]);

    // This session holds the new token and goes on.
    await page.goto('/#/pages/my/my');
    await expect(page.getByTestId('my-page')).toBeVisible();
  });

  expect(errors).toEqual([]);
});
