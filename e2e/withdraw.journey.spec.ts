import { expect, test, type Page } from '@playwright/test';
import {
  CAPTCHA,
  adminToken,
  api,
  bpsOfUp,
  consolePage,
  memberPhone,
  operatorConsole,
  pngFile,
  shot,
  smsCode,
  requestSmsCode,
  yuan,
} from './support';

// A member no other journey uses: registered here, verified here, funded here.
const MEMBER = { phone: '13655550701', password: 'Antique2026', trade: '246810' };
const REAL_NAME = '陈静远';
const MASKED_NAME = '陈*远';
const ID_NUMBER = '330106198203150620';
// Someone else: the name a withdrawal to another person's account would carry.
const OTHER_NAME = '王小明';
const CARD = '6222 0212 3456 7890 123';
const CARD_DIGITS = CARD.replace(/\s/g, '');
const BANK = '中国工商银行杭州分行';
// Finance: an account the admin creates for this journey.
const FINANCE = { username: 'finance_withdraw', password: 'Ledger-2026-ok' };

const DEPOSIT = 200_000; // ¥2,000.00, recorded by finance from the member's bank transfer
const FIRST = 50_000; // ¥500.00: approved and paid
const SECOND = 30_000; // ¥300.00: rejected
const REJECT_REASON = '银行卡号有误或已注销，请核对后重新申请';

/** Yuan as a bill's memo writes them: ¥497.50 (no thousands separator). */
const plain = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The member pulls the page down with a finger until it refreshes (the list's pull-to-refresh). */
async function pullDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const x = 187;
  let y = 220;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 0; i < 12; i += 1) {
    y += 30;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  // The head says 已更新 a moment, then folds away.
  await expect(page.getByText('已更新')).toBeHidden();
}

/** The member's My page; after an operator acted, pulled down to read it again. */
async function openMy(page: Page, opts: { pull?: boolean } = {}) {
  await page.goto('/#/pages/my/my');
  await expect(page.getByTestId('my-page')).toBeVisible();
  if (opts.pull) await pullDown(page);
}

/** 提现记录, pulled down to read what finance did since the member last looked. */
async function openRecordAfresh(page: Page) {
  await page.goto('/#/pages/my/my');
  await page.getByTestId('my-entry-withdraw-record').click();
  await expect(page.getByTestId('withdrawal-item').first()).toBeVisible();
  await pullDown(page);
}

/** 账单 from My, pulled down likewise. */
async function openBillsAfresh(page: Page) {
  await page.getByTestId('my-entry-bill').click();
  await expect(page.getByTestId('bill-item').first()).toBeVisible();
  await pullDown(page);
}

test('a verified member withdraws to their own bank account; finance approves and pays one and rejects another; the record and the bills show each step', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const admin = await adminToken(base);

  // The house's withdrawal terms as the server holds them: the expected fee comes from them.
  const settings = await api(base, 'GET', '/v1/admin/settings', { token: admin });
  expect(settings.code, settings.msg).toBe(200);
  const terms = settings.data.withdraw as { minAmount: number; feeBps: number; minFee: number; perDay: number };
  const feeOf = (amount: number) => Math.max(terms.minFee, bpsOfUp(amount, terms.feeBps));
  const fee1 = feeOf(FIRST);
  const fee2 = feeOf(SECOND);

  // The member registers (as the accounts journey does in the app) and will later ask for a
  // trade-password code: the operator shortens the SMS resend wait for the journey, and puts it back.
  const sms = settings.data.sms as Record<string, number>;
  const shortened = await api(base, 'PUT', '/v1/admin/settings', {
    token: admin,
    body: { sms: { ...sms, cooldownSeconds: 10 } },
  });
  expect(shortened.code, shortened.msg).toBe(200);

  const captcha = await api(base, 'GET', '/v1/iyd/captcha');
  const sent = await api(base, 'POST', '/v1/iyd/send', {
    body: { phone: MEMBER.phone, scene: 'register', captchaId: captcha.data.captchaId, captchaCode: CAPTCHA },
  });
  expect(sent.code, sent.msg).toBe(200);
  const registered = await api(base, 'POST', '/v1/iyd/member/register', {
    body: { phone: MEMBER.phone, smsCode: await smsCode(base, MEMBER.phone, 'register'), password: MEMBER.password },
  });
  expect(registered.code, registered.msg).toBe(200);
  const token = registered.data.token as string;
  const memberId = ((await api(base, 'GET', '/v1/iyd/member/info', { token })).data as { id: number }).id;

  const m = await memberPhone(browser, base, token);
  const page = m.page;

  await test.step('the member cannot withdraw before verifying their real name; submits it with ID photos', async () => {
    await openMy(page);
    await page.getByTestId('my-entry-withdraw').click();
    await expect(page.getByText('提现前请先完成实名认证')).toBeVisible();
    await expect(page.getByTestId('withdraw-form')).toHaveCount(0);
    await shot(page, 'withdraw-01-needs-real-name');
    await page.getByText('去实名认证').click();
    await expect(page.getByTestId('realname-name')).toBeVisible();
    await page.getByTestId('realname-name').fill(REAL_NAME);
    await page.getByTestId('realname-id-number').fill(ID_NUMBER);
    await page.getByTestId('realname-front').setInputFiles(pngFile('front.png'));
    await page.getByTestId('realname-back').setInputFiles(pngFile('back.png'));
    await expect(page.getByText('重新上传')).toHaveCount(2);
    await page.getByTestId('realname-submit').click();
    await expect(page.getByTestId('realname-status')).toHaveAttribute('data-status', 'pending');
  });

  const adminConsole = await consolePage(browser, base);
  await test.step('the admin approves the real name in the console and creates a finance account', async () => {
    const c = adminConsole.page;
    await c.getByTestId('nav-realname').click();
    await expect(c.getByTestId(`realname-row-${memberId}`)).toContainText(MASKED_NAME);
    await c.getByTestId(`realname-approve-${memberId}`).click();
    await c.getByTestId('realname-approve-confirm').click();
    await expect(c.getByTestId(`realname-row-${memberId}`)).toHaveCount(0);
    // The finance account: created through the API here (the console journey creates one in 运营账号).
    const created = await api(base, 'POST', '/v1/admin/operators', {
      token: admin,
      body: { ...FINANCE, role: 'finance' },
    });
    expect(created.code, created.msg).toBe(200);
  });

  const finance = await operatorConsole(browser, base, FINANCE.username, FINANCE.password);
  await test.step('finance records the member’s bank transfer of ¥2,000.00 on the member’s page', async () => {
    const c = finance.page;
    await expect(c.getByTestId('header-operator-role')).toContainText('财务');
    await c.getByTestId('nav-members').click();
    await c.getByTestId('member-search').fill(MEMBER.phone);
    await c.getByTestId('member-search').press('Enter');
    await c.getByTestId(`member-open-${memberId}`).click();
    await c.getByTestId('member-deposit-open').click();
    await c.getByTestId('member-deposit-amount').fill(String(DEPOSIT / 100));
    await c.getByTestId('member-deposit-remark').fill('工行转账 流水号 20261123001 付款人 陈静远');
    await expect(c.getByTestId('member-deposit-preview')).toContainText(yuan(DEPOSIT));
    await c.getByTestId('member-deposit-submit').click();
    await expect(c.getByTestId('member-balance')).toContainText(yuan(DEPOSIT).replace('¥', ''));
  });

  await test.step('the member sets a trade password with the SMS code', async () => {
    // BUG (reported): the withdraw page keeps what it loaded on the first visit for 30 s (the
    // query's stale time) and nothing refreshes it when the verification is approved, so opening
    // 提现 again right away still says 提现前请先完成实名认证. The member reopens the app here.
    await page.reload();
    await openMy(page);
    await expect(page.getByTestId('my-realname-status')).toHaveAttribute('data-status', 'verified');
    await expect(page.getByTestId('my-balance')).toContainText(yuan(DEPOSIT).replace('¥', ''));
    await page.getByTestId('my-entry-withdraw').click();
    await expect(page.getByText('提现前请先设置交易密码')).toBeVisible();
    await shot(page, 'withdraw-02-needs-trade-password');
    await page.getByText('去设置交易密码').click();
    await expect(page.getByTestId('trade-password-page')).toBeVisible();
    // The register code's resend wait (shortened above to 10 s) may not have passed yet: a send
    // refused for it shows the countdown too, so the helper waits for the code in the outbox.
    await page.getByTestId('trade-password-sms-code').fill(await requestSmsCode(page, base, MEMBER.phone, 'trade'));
    await page.getByTestId('trade-password-new').click();
    await expect(page.getByTestId('password-popup')).toBeVisible();
    await page.keyboard.type(MEMBER.trade);
    await expect(page.getByTestId('password-popup')).toContainText('请再次输入交易密码');
    await page.keyboard.type(MEMBER.trade);
    await expect(page.getByTestId('password-popup')).toBeHidden();
    await page.getByTestId('trade-password-submit').click();
    await expect(page.getByTestId('trade-password-page')).toBeHidden();
    // Back on the withdraw page, which sent the member there.
    await expect(page.getByTestId('withdraw-page')).toBeVisible();
    await shot(page, 'withdraw-02b-back-after-trade-password');
    // BUG (reported): back here the page still says 提现前请先设置交易密码 under the toast
    // 交易密码已设置: setting the trade password does not refresh what the withdraw page loaded
    // (its stale time is 30 s). Expected: the form. The member reopens the app to go on.
    await page.reload();
    await expect(page.getByTestId('withdraw-form')).toBeVisible();
    const restored = await api(base, 'PUT', '/v1/admin/settings', { token: admin, body: { sms } });
    expect(restored.code, restored.msg).toBe(200);
  });

  await test.step('a withdrawal to an account in another name is refused and nothing is frozen', async () => {
    // The form has no name to type: it is fixed to the verified name, masked.
    await openMy(page);
    await page.getByTestId('my-entry-withdraw').click();
    await expect(page.getByTestId('withdraw-form')).toBeVisible();
    await expect(page.getByTestId('withdraw-account-name')).toHaveText(MASKED_NAME);
    await expect(page.getByRole('textbox', { name: '收款户名' })).toHaveCount(0);
    // A client that sends another name anyway (the only way to try it) is refused by the server.
    const refused = await api(base, 'POST', '/v1/iyd/asset/withdraw', {
      token,
      body: {
        amount: FIRST,
        method: 'bank',
        accountName: OTHER_NAME,
        accountNo: CARD_DIGITS,
        bankName: BANK,
        tradePassword: MEMBER.trade,
      },
    });
    expect(refused.code).toBe(422);
    expect(refused.data?.reason).toBe('ACCOUNT_NAME_MISMATCH');
    expect(refused.msg).toMatch(/实名/);
    await page.reload();
    await expect(page.getByTestId('withdraw-balance')).toHaveText(yuan(DEPOSIT));
    // Not counted as one of the day's requests.
    await expect(page.getByTestId('withdraw-rules')).toContainText(`每日最多 ${terms.perDay} 次，今日已申请 0 次`);
    await openMy(page);
    await expect(page.getByTestId('my-frozen')).toContainText('0.00');
    const record = await api(base, 'GET', '/v1/iyd/asset/withdraw/record?page=1&pageSize=10', { token });
    expect(record.data.total).toBe(0);
  });

  let firstId = 0;
  await test.step('the member withdraws ¥500.00 to their own card: the fee and the amount received show, then the trade password', async () => {
    await openMy(page);
    await page.getByTestId('my-entry-bill').click();
    await expect(page.getByTestId('bill-page')).toBeVisible();
    await page.getByTestId('bill-withdraw').click();
    await expect(page.getByTestId('withdraw-form')).toBeVisible();
    await expect(page.getByTestId('withdraw-balance')).toHaveText(yuan(DEPOSIT));
    await expect(page.getByTestId('withdraw-amount')).toHaveAttribute('placeholder', `最低 ${yuan(terms.minAmount)}`);
    await page.getByTestId('withdraw-amount').fill(String(FIRST / 100));
    await page.getByTestId('withdraw-account-no').fill(CARD);
    await page.getByTestId('withdraw-bank-name').fill(BANK);
    await expect(page.getByTestId('withdraw-fee')).toHaveText(yuan(fee1));
    await expect(page.getByTestId('withdraw-actual')).toHaveText(yuan(FIRST - fee1));
    await expect(page.getByTestId('withdraw-summary')).toContainText(`最低 ${yuan(terms.minFee)}`);
    await shot(page, 'withdraw-03-form');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('password-popup')).toBeVisible();
    await expect(page.getByTestId('password-popup')).toContainText(`提现 ${yuan(FIRST)}，请输入交易密码`);
    await shot(page, 'withdraw-04-trade-password');
    await page.keyboard.type(MEMBER.trade);
    await expect(page.getByTestId('withdraw-record-page')).toBeVisible({ timeout: 20_000 });
    const item = page.getByTestId('withdrawal-item').first();
    await expect(item).toHaveAttribute('data-status', 'pending');
    firstId = Number(await item.getAttribute('data-id'));
    await expect(item.getByTestId('withdrawal-status')).toHaveText('审核中');
    await expect(item).toContainText(yuan(FIRST));
    await expect(item).toContainText(`手续费 ${yuan(fee1)}`);
    await expect(item).toContainText(`实际到账 ${yuan(FIRST - fee1)}`);
    await expect(item.getByTestId('withdrawal-account')).toHaveText(`${BANK} **** ${CARD_DIGITS.slice(-4)}`);
    await shot(page, 'withdraw-05-record-pending');
  });

  await test.step('My and the bills show the balance down and the amount frozen', async () => {
    await openMy(page);
    await expect(page.getByTestId('my-balance')).toContainText(yuan(DEPOSIT - FIRST).replace('¥', ''));
    await expect(page.getByTestId('my-frozen')).toContainText(yuan(FIRST).replace('¥', ''));
    await shot(page, 'withdraw-06-my-frozen');
    await page.getByTestId('my-entry-bill').click();
    await expect(page.getByTestId('bill-balance')).toHaveText(yuan(DEPOSIT - FIRST));
    await expect(page.getByTestId('bill-frozen')).toHaveText(yuan(FIRST));
    const freeze = page.locator('[data-testid="bill-item"][data-type="withdraw_freeze"]');
    await expect(freeze).toHaveCount(1);
    await expect(freeze).toContainText('提现冻结');
    // What it was for: the amount received and the fee (in plain yuan, as the memo writes them).
    await expect(freeze).toContainText(`提现申请（实际到账 ${plain(FIRST - fee1)}，手续费 ${plain(fee1)}）`);
    await expect(freeze.getByTestId('bill-item-amount')).toHaveText(yuan(-FIRST));
    await expect(freeze).toContainText(`冻结 ${yuan(FIRST, { signed: true })}`);
    await expect(freeze).toContainText(`余额 ${yuan(DEPOSIT - FIRST)}`);
    await shot(page, 'withdraw-07-bills-frozen');
  });

  await test.step('finance finds it in the withdrawal queue with the payee in full, and approves it', async () => {
    const c = finance.page;
    await c.getByTestId('nav-withdrawals').click();
    const row = c.getByTestId(`withdrawal-row-${firstId}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(REAL_NAME);
    await expect(c.getByTestId(`withdrawal-account-${firstId}`)).toContainText(CARD_DIGITS.slice(-4));
    expect((await c.getByTestId(`withdrawal-account-${firstId}`).textContent())?.replace(/\s/g, '')).toBe(CARD_DIGITS);
    await expect(row).toContainText(BANK);
    await expect(row).toContainText(yuan(FIRST));
    await expect(row).toContainText(yuan(fee1));
    await expect(row).toContainText(yuan(FIRST - fee1));
    await expect(c.getByTestId(`withdrawal-status-${firstId}`)).toHaveText('待审核');
    await shot(c, 'withdraw-08-console-queue');
    await c.getByTestId(`withdrawal-approve-${firstId}`).click();
    await c.getByTestId('withdrawal-confirm-ok').click();
    await expect(c.getByText(`提现 #${firstId} 已通过，待打款`)).toBeVisible();
  });

  await test.step('the member sees it approved, waiting for the transfer', async () => {
    // The record shows what it read a moment ago; the member pulls it down to read it again.
    await openRecordAfresh(page);
    const item = page.locator(`[data-testid="withdrawal-item"][data-id="${firstId}"]`);
    await expect(item.getByTestId('withdrawal-status')).toHaveText('待打款');
    await shot(page, 'withdraw-09-record-approved');
  });

  await test.step('finance transfers the money and marks it paid', async () => {
    const c = finance.page;
    await c.getByTestId('withdrawal-status-filter').getByText('待打款').click();
    const row = c.getByTestId(`withdrawal-row-${firstId}`);
    await expect(c.getByTestId(`withdrawal-status-${firstId}`)).toHaveText('待打款');
    await c.getByTestId(`withdrawal-paid-${firstId}`).click();
    // A transfer by hand is marked paid with the bank's reference for it.
    await c.getByTestId('withdrawal-paid-reference').fill('ICBC-20261127-0001');
    await c.getByTestId('withdrawal-confirm-ok').click();
    await expect(c.getByText(`提现 #${firstId} 已标记为已打款`)).toBeVisible();
    await c.getByTestId('withdrawal-status-filter').getByText('已打款').click();
    await expect(c.getByTestId(`withdrawal-status-${firstId}`)).toHaveText('已打款');
    await expect(row).toBeVisible();
    await shot(c, 'withdraw-10-console-paid');
  });

  await test.step('the member’s record shows it paid; the bills show the payout; nothing frozen', async () => {
    await openRecordAfresh(page);
    const item = page.locator(`[data-testid="withdrawal-item"][data-id="${firstId}"]`);
    await expect(item.getByTestId('withdrawal-status')).toHaveText('已到账');
    await expect(item).toContainText('到账于');
    await shot(page, 'withdraw-11-record-paid');
    await openMy(page, { pull: true });
    await expect(page.getByTestId('my-balance')).toContainText(yuan(DEPOSIT - FIRST).replace('¥', ''));
    await expect(page.getByTestId('my-frozen')).toContainText('0.00');
    await openBillsAfresh(page);
    await expect(page.getByTestId('bill-balance')).toHaveText(yuan(DEPOSIT - FIRST));
    await expect(page.getByTestId('bill-frozen')).toHaveText(yuan(0));
    const paid = page.locator('[data-testid="bill-item"][data-type="withdraw_paid"]');
    await expect(paid).toHaveCount(1);
    await expect(paid).toContainText('提现打款');
    await expect(paid).toContainText('提现已打款');
    // The money left the frozen part: nothing more leaves the balance.
    await expect(paid.getByTestId('bill-item-amount')).toHaveText(yuan(0));
    await expect(paid).toContainText(`冻结 ${yuan(-FIRST)}`);
    await expect(paid).toContainText(`余额 ${yuan(DEPOSIT - FIRST)}`);
    // Newest first: the payout, the hold, the deposit.
    const types = await page.getByTestId('bill-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(types).toEqual(['withdraw_paid', 'withdraw_freeze', 'deposit']);
    await shot(page, 'withdraw-12-bills-paid');
  });

  let secondId = 0;
  await test.step('a second withdrawal of ¥300.00 (the minimum fee applies) waits in the queue', async () => {
    await page.goto('/#/pages/withdraw-record/withdraw-record');
    await page.getByTestId('withdraw-record-new').click();
    await expect(page.getByTestId('withdraw-form')).toBeVisible();
    await expect(page.getByTestId('withdraw-rules')).toContainText('今日已申请 1 次');
    await page.getByTestId('withdraw-amount').fill(String(SECOND / 100));
    await page.getByTestId('withdraw-account-no').fill(CARD);
    await page.getByTestId('withdraw-bank-name').fill(BANK);
    await expect(page.getByTestId('withdraw-fee')).toHaveText(yuan(fee2));
    await expect(page.getByTestId('withdraw-actual')).toHaveText(yuan(SECOND - fee2));
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('password-popup')).toContainText(`提现 ${yuan(SECOND)}，请输入交易密码`);
    await page.keyboard.type(MEMBER.trade);
    await expect(page.getByTestId('withdraw-record-page')).toBeVisible({ timeout: 20_000 });
    const item = page.getByTestId('withdrawal-item').first();
    await expect(item).toHaveAttribute('data-status', 'pending');
    secondId = Number(await item.getAttribute('data-id'));
    expect(secondId).not.toBe(firstId);
    await openMy(page);
    await expect(page.getByTestId('my-balance')).toContainText(yuan(DEPOSIT - FIRST - SECOND).replace('¥', ''));
    await expect(page.getByTestId('my-frozen')).toContainText(yuan(SECOND).replace('¥', ''));
  });

  await test.step('finance rejects it with a reason', async () => {
    const c = finance.page;
    await c.getByTestId('withdrawal-status-filter').getByText('待审核').click();
    await expect(c.getByTestId(`withdrawal-row-${secondId}`)).toContainText(yuan(SECOND));
    await c.getByTestId(`withdrawal-reject-${secondId}`).click();
    await c.getByTestId('withdrawal-reject-reason').fill(REJECT_REASON);
    await shot(c, 'withdraw-13-console-reject');
    await c.getByTestId('withdrawal-reject-submit').click();
    await expect(c.getByText(`提现 #${secondId} 已驳回，${yuan(SECOND)} 已退回会员余额`)).toBeVisible();
    await c.getByTestId('withdrawal-status-filter').getByText('已驳回').click();
    await expect(c.getByTestId(`withdrawal-row-${secondId}`)).toContainText(REJECT_REASON);
  });

  await test.step('the member reads the reason in the record; the balance is back and the bill says so', async () => {
    await openRecordAfresh(page);
    const item = page.locator(`[data-testid="withdrawal-item"][data-id="${secondId}"]`);
    await expect(item.getByTestId('withdrawal-status')).toHaveText('已驳回');
    await expect(item.getByTestId('withdrawal-reason')).toContainText(`驳回原因：${REJECT_REASON}`);
    await expect(item.getByTestId('withdrawal-reason')).toContainText('金额已退回余额');
    await expect(item).toContainText('驳回于');
    // The paid one stays paid below it.
    await expect(
      page.locator(`[data-testid="withdrawal-item"][data-id="${firstId}"]`).getByTestId('withdrawal-status'),
    ).toHaveText('已到账');
    await shot(page, 'withdraw-14-record-rejected');
    await openMy(page, { pull: true });
    await expect(page.getByTestId('my-balance')).toContainText(yuan(DEPOSIT - FIRST).replace('¥', ''));
    await expect(page.getByTestId('my-frozen')).toContainText('0.00');
    await openBillsAfresh(page);
    await expect(page.getByTestId('bill-balance')).toHaveText(yuan(DEPOSIT - FIRST));
    await expect(page.getByTestId('bill-frozen')).toHaveText(yuan(0));
    const back = page.locator('[data-testid="bill-item"][data-type="withdraw_reject"]');
    await expect(back).toHaveCount(1);
    await expect(back).toContainText('提现驳回');
    await expect(back).toContainText(`提现被拒绝，退回：${REJECT_REASON}`);
    await expect(back.getByTestId('bill-item-amount')).toHaveText(yuan(SECOND, { signed: true }));
    await expect(back).toContainText(`冻结 ${yuan(-SECOND)}`);
    await expect(back).toContainText(`余额 ${yuan(DEPOSIT - FIRST)}`);
    await shot(page, 'withdraw-15-bills-rejected');
  });

  expect(m.errors).toEqual([]);
  expect(adminConsole.errors).toEqual([]);
  expect(finance.errors).toEqual([]);
  await Promise.all([m.context.close(), adminConsole.context.close(), finance.context.close()]);
});
