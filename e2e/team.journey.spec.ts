import { expect, test } from '@playwright/test';
import { CAPTCHA, api, phonePage, shot, smsCode } from './support';

// A demo member no other journey signs in as, so its team starts empty.
const INVITER = '13800000004';
const FRIEND = '13655550301';
const PASSWORD = 'Antique2026';

test('a member shares their invite link and QR code; a friend registers through it and joins their team', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const { page, context, errors } = await phonePage(browser, base);

  await test.step('the inviter signs in and opens their team from the My page: no one yet', async () => {
    await page.goto('/#/pages/login/login');
    await page.getByTestId('login-phone').fill(INVITER);
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('my-page')).toBeVisible();
    await page.getByTestId('my-entry-team').click();
    await expect(page.getByTestId('team-empty')).toContainText('还没有团队成员');
    await expect(page.getByTestId('team-direct-count')).toHaveText('0');
    await shot(page, 'team-01-empty');
  });

  let link = '';
  await test.step('the invite page shows the code, the link and its QR code; 复制 copies the link', async () => {
    await page.getByTestId('team-invite').click();
    await expect(page.getByTestId('invite-qr')).toBeVisible();
    link = (await page.getByTestId('invite-link').textContent()) ?? '';
    const code = (await page.getByTestId('invite-code').textContent()) ?? '';
    expect(link).toBe(`${base}/#/pages/register/register?inviteCode=${code}`);
    await expect(page.getByTestId('invite-qr')).toHaveAttribute('data-url', link);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('invite-copy-link').click();
    await expect(page.getByText('内容已复制')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(page, 'team-02-invite-copied');
  });

  await test.step('a friend opens the link: the register page has the code filled in', async () => {
    const friend = await phonePage(browser, base);
    await friend.page.goto(link);
    const code = new URL(link.replace('#/', '')).searchParams.get('inviteCode');
    await expect(friend.page.getByTestId('register-invite-code')).toHaveValue(code!);
    await friend.page.getByTestId('register-phone').fill(FRIEND);
    await friend.page.getByTestId('captcha-input').fill(CAPTCHA);
    await friend.page.getByTestId('sms-send').click();
    await expect(friend.page.getByTestId('sms-send')).toContainText(/\d+/);
    await friend.page.getByTestId('register-sms-code').fill(await smsCode(base, FRIEND, 'register'));
    await friend.page.getByTestId('register-password').fill(PASSWORD);
    await friend.page.getByTestId('register-agree').click();
    await shot(friend.page, 'team-03-register-from-invite');
    await friend.page.getByTestId('register-submit').click();
    await expect(friend.page.getByTestId('my-page')).toBeVisible();
    expect(friend.errors).toEqual([]);
    await friend.context.close();
  });

  await test.step('the friend is in the inviter’s team, phone masked, not yet verified', async () => {
    await page.goto('/#/pages/team/team');
    const row = page.getByTestId('team-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('team-row-phone')).toHaveText('136****0301');
    await expect(row.getByTestId('team-row-verified')).toHaveText('未实名');
    await expect(page.getByTestId('team-direct-count')).toHaveText('1');
    await shot(page, 'team-04-team');
    const login = await api(base, 'POST', '/v1/iyd/member/login', { body: { phone: INVITER, password: 'demo1234' } });
    const info = await api(base, 'GET', '/v1/iyd/team/info', { token: login.data.token });
    expect(info.data).toMatchObject({ directCount: 1, inviteUrl: link });
  });

  expect(errors).toEqual([]);
});
