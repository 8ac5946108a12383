import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  adminToken,
  api,
  consolePage,
  ensureTradePassword,
  memberPhone,
  memberToken,
  operatorConsole,
  shot,
  yuan,
} from './support';

// Two accounts the admin creates in 运营账号 for this journey.
const FINANCE = { username: 'finance_console', password: 'Ledger-2026-ok', label: '财务' };
const SUPPORT = { username: 'support_console', password: 'Helpdesk-2026-ok', label: '客服' };
// A verified demo member whose trade password the auctions, custody and consignment journeys set alike.
const MEMBER = { phone: '13800000002', password: 'demo1234', trade: '135246' };

const CARD = '6222 0212 3456 7890 123';
const CARD_DIGITS = CARD.replace(/\s/g, '');

// Each role's menu, in order, as PRODUCT.md "Operators" gives its work (finance: money and the
// members it records deposits for, settings to read; support: members, real-name, pick-ups, SMS,
// and the orders and pieces members ask about).
const FINANCE_MENU = [
  '工作台',
  '会员管理',
  '订单',
  '资金流水',
  '在线充值',
  '渠道通知',
  '提现审核',
  '保障申请',
  '资金对账',
  '系统设置',
];
const SUPPORT_MENU = ['工作台', '会员管理', '实名审核', '提货发货', '托管藏品', '订单', '保障申请', '短信发件箱'];

/** The labels of the console's side menu, top to bottom. */
async function menuOf(page: Page) {
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();
  return page.locator('a[data-testid^="nav-"]').allInnerTexts();
}

test('the console: the admin lands on the dashboard, creates finance and support accounts that see only their pages, changes the minimum withdrawal and a rule that members then meet; finance exports withdrawals', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const admin = await adminToken(base);
  const before = await api(base, 'GET', '/v1/admin/settings', { token: admin });
  expect(before.code, before.msg).toBe(200);
  const withdrawTerms = before.data.withdraw as { minAmount: number };
  const newMin = withdrawTerms.minAmount + 10_000; // ¥100.00 → ¥200.00 with the defaults
  const tried = newMin - 5_000; // ¥150.00: above the old minimum, below the new one

  const op = await consolePage(browser, base);
  const c = op.page;
  try {
    await test.step('the admin signs in and lands on the dashboard with today’s figures', async () => {
      await expect(c).toHaveURL(/\/admin\/?$/);
      await expect(c.getByRole('heading', { name: '工作台' })).toBeVisible();
      await expect(c.getByTestId('dashboard-day')).toContainText('数据日期');
      const figures = await api(base, 'GET', '/v1/admin/dashboard', { token: admin });
      expect(figures.code, figures.msg).toBe(200);
      await expect(c.getByTestId('dashboard-verifications')).toContainText(
        `${figures.data.verificationsPending as number}`,
      );
      await expect(c.getByTestId('dashboard-members-new')).toContainText(
        `会员总数 ${(figures.data.members.total as number).toLocaleString('zh-CN')} 人`,
      );
      await expect(c.getByTestId('dashboard-withdrawals-amount')).toContainText(
        yuan(figures.data.withdrawals.pendingAmount as number),
      );
      for (const group of ['queues', 'today', 'auctions', 'money']) {
        await expect(c.getByTestId(`dashboard-group-${group}`)).toBeVisible();
      }
      await shot(c, 'console-01-admin-dashboard');
    });

    await test.step('the admin creates a finance and a support account in 运营账号', async () => {
      await c.getByTestId('nav-operators').click();
      for (const [account, role] of [
        [FINANCE, 'finance'],
        [SUPPORT, 'support'],
      ] as const) {
        await c.getByTestId('operator-create-open').click();
        await c.getByTestId('operator-create-username').fill(account.username);
        await c.getByTestId('operator-create-role').click();
        await c
          .locator('.ant-select-item-option')
          .filter({ hasText: `（${role}）` })
          .click();
        await c.getByTestId('operator-create-password').fill(account.password);
        await c.getByTestId('operator-create-confirm').fill(account.password);
        if (role === 'support') await shot(c, 'console-02-create-support');
        await c.getByTestId('operator-create-submit').click();
        await expect(c.getByText(`已创建运营账号 ${account.username}`)).toBeVisible();
        await expect(c.getByRole('row').filter({ hasText: account.username })).toContainText(account.label);
      }
      await shot(c, 'console-03-operators');
    });

    const finance = await operatorConsole(browser, base, FINANCE.username, FINANCE.password);
    const support = await operatorConsole(browser, base, SUPPORT.username, SUPPORT.password);
    try {
      await test.step('finance sees the money pages only; another role’s page by its address is forbidden', async () => {
        const f = finance.page;
        await expect(f.getByTestId('header-operator-role')).toHaveText(FINANCE.label);
        await expect(f.getByRole('heading', { name: '工作台' })).toBeVisible();
        expect(await menuOf(f)).toEqual(FINANCE_MENU);
        await shot(f, 'console-04-finance-dashboard');
        for (const path of ['/admin/realname', '/admin/operators', '/admin/rules']) {
          await f.goto(path);
          await expect(f.getByTestId('forbidden')).toBeVisible();
          await expect(f.getByTestId('forbidden')).toContainText('当前角色不能访问此页面');
        }
        await shot(f, 'console-05-finance-forbidden');
        // Finance reads the settings but cannot change them.
        await f.getByTestId('nav-settings').click();
        await expect(f.getByTestId('settings-read-only')).toBeVisible();
        await expect(f.getByTestId('settings-submit')).toHaveCount(0);
      });

      await test.step('support sees members, real-name, pick-ups and SMS; the money pages are forbidden', async () => {
        const s = support.page;
        await expect(s.getByTestId('header-operator-role')).toHaveText(SUPPORT.label);
        expect(await menuOf(s)).toEqual(SUPPORT_MENU);
        await shot(s, 'console-06-support-dashboard');
        for (const path of ['/admin/withdrawals', '/admin/ledger', '/admin/settings']) {
          await s.goto(path);
          await expect(s.getByTestId('forbidden')).toBeVisible();
        }
        await shot(s, 'console-07-support-forbidden');
      });

      await test.step(`the admin raises the minimum withdrawal to ${yuan(newMin)} in the settings, confirming the change`, async () => {
        // 系统设置 is the menu's last item: it scrolls clear of the sider's collapse button.
        await c.getByTestId('nav-settings').scrollIntoViewIfNeeded();
        await shot(c, 'console-08a-admin-menu-bottom');
        await c.getByTestId('nav-settings').click();
        await expect(c).toHaveURL(/\/admin\/settings$/);
        const field = c.getByTestId('settings-withdraw-min');
        await expect(field).toHaveValue(/100(\.00)?/);
        await field.fill(String(newMin / 100));
        await c.getByTestId('settings-submit').click();
        const changes = c.getByTestId('settings-changes');
        await expect(changes).toBeVisible();
        const row = changes.getByRole('row').filter({ hasText: '单笔最低提现' });
        await expect(row).toContainText(yuan(withdrawTerms.minAmount));
        await expect(row).toContainText(yuan(newMin));
        await expect(changes.getByRole('row')).toHaveCount(2); // the header and the one change
        await shot(c, 'console-08-settings-confirm');
        await c.getByTestId('settings-confirm-ok').click();
        await expect(changes).toBeHidden();
        const after = await api(base, 'GET', '/v1/admin/settings', { token: admin });
        expect(after.data.withdraw.minAmount).toBe(newMin);
      });

      await test.step(`the member’s withdraw page refuses ${yuan(tried)}, naming the new minimum`, async () => {
        const token = await memberToken(base, MEMBER.phone, MEMBER.password);
        await ensureTradePassword(base, token, MEMBER.phone, MEMBER.trade);
        const m = await memberPhone(browser, base, token);
        try {
          await m.page.goto('/#/pages/my/my');
          await m.page.getByTestId('my-entry-withdraw').click();
          await expect(m.page.getByTestId('withdraw-form')).toBeVisible();
          await expect(m.page.getByTestId('withdraw-amount')).toHaveAttribute('placeholder', `最低 ${yuan(newMin)}`);
          await expect(m.page.getByTestId('withdraw-rules')).toContainText(`单笔 ${yuan(newMin)}`);
          await m.page.getByTestId('withdraw-amount').fill(String(tried / 100));
          await m.page.getByTestId('withdraw-account-no').fill(CARD);
          await m.page.getByTestId('withdraw-bank-name').fill('中国工商银行');
          await m.page.getByTestId('withdraw-submit').click();
          await expect(m.page.getByText(`单笔最低提现 ${yuan(newMin)}`)).toBeVisible();
          await expect(m.page.getByTestId('password-popup')).toHaveCount(0);
          await shot(m.page, 'console-09-member-below-new-minimum');
          // At the new minimum it goes through: the request finance will find in its export.
          await m.page.getByTestId('withdraw-amount').fill(String(newMin / 100));
          await expect(m.page.getByText(`单笔最低提现 ${yuan(newMin)}`)).toHaveCount(0);
          await m.page.getByTestId('withdraw-submit').click();
          await expect(m.page.getByTestId('password-popup')).toContainText(`提现 ${yuan(newMin)}，请输入交易密码`);
          await m.page.keyboard.type(MEMBER.trade);
          await expect(m.page.getByTestId('withdraw-record-page')).toBeVisible({ timeout: 20_000 });
          const item = m.page.getByTestId('withdrawal-item').first();
          await expect(item).toHaveAttribute('data-status', 'pending');
          await expect(item).toContainText(yuan(newMin));
          expect(m.errors).toEqual([]);
        } finally {
          await m.context.close();
        }
      });

      const stamp = Date.now().toString(36).slice(-5);
      const added = `自即日起单笔最低提现 ${yuan(newMin)}（${stamp}）`;
      await test.step('the admin adds a line to 提现规则 in the rules editor', async () => {
        await c.getByTestId('nav-rules').click();
        await c.getByTestId('rule-edit-withdraw').click();
        const title = await c.getByTestId('rule-title').inputValue();
        expect(title).toContain('提现');
        const editor = c.locator('[data-testid=rule-editor-content] .tiptap');
        await expect(editor).toBeVisible({ timeout: 20_000 });
        await editor.click();
        await c.keyboard.press('ControlOrMeta+End');
        await c.keyboard.press('Enter');
        await c.keyboard.type(added);
        await expect(editor).toContainText(added);
        await shot(c, 'console-10-rule-editor');
        await c.getByTestId('rule-submit').click();
        await expect(c.getByText(`已保存「${title}」`)).toBeVisible();
      });

      await test.step('a member reading 提现规则 sees the new line', async () => {
        const m = await memberPhone(browser, base, await memberToken(base, MEMBER.phone, MEMBER.password));
        try {
          // No page of the member app links to this rule (reported): the member opens its address.
          await m.page.goto('/#/pages/rule/rule?id=withdraw');
          await expect(m.page.getByTestId('rule-title')).toContainText('提现');
          await expect(m.page.getByTestId('rule-content')).toContainText(added);
          await m.page.getByText(added).scrollIntoViewIfNeeded();
          await shot(m.page, 'console-11-member-rule');
          expect(m.errors).toEqual([]);
        } finally {
          await m.context.close();
        }
      });

      await test.step('finance exports the withdrawals waiting as CSV: the header row, one line per request', async () => {
        const f = finance.page;
        await f.getByTestId('nav-withdrawals').click();
        await expect(f.getByTestId('export-withdrawals')).toBeVisible();
        const pending = await api(base, 'GET', '/v1/admin/withdrawals?status=pending&page=1&pageSize=50', {
          token: admin,
        });
        const downloading = f.waitForEvent('download');
        await f.getByTestId('export-withdrawals').click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/提现.*\.csv$/);
        const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
        const lines = text.split(/\r?\n/).filter((l) => l !== '');
        expect(lines[0]).toBe(
          '编号,申请时间,会员ID,手机号,金额(元),手续费(元),实际到账(元),方式,开户行,户名,账号,状态,处理时间,拒绝原因,转账流水号,付款备注',
        );
        expect(lines.length - 1).toBe(pending.data.total);
        // The member's request, with the account in full to pay from.
        const mine = lines.find((l) => l.includes(CARD_DIGITS));
        expect(mine, 'the member’s request in the file').toBeTruthy();
        expect(mine).toContain(`${(newMin / 100).toFixed(2)}`);
        expect(mine).toContain('待审核');
        await expect(f.getByText(/已导出 .*\.csv/)).toBeVisible();
        await shot(f, 'console-12-finance-export');
      });

      expect(finance.errors).toEqual([]);
      expect(support.errors).toEqual([]);
    } finally {
      await Promise.all([finance.context.close(), support.context.close()]);
    }
    expect(op.errors).toEqual([]);
  } finally {
    // The house's terms as they were, for whatever runs next on this server.
    await api(base, 'PUT', '/v1/admin/settings', { token: admin, body: { withdraw: before.data.withdraw } });
    await op.context.close();
  }
});
