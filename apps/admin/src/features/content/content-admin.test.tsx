import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '../../app/router';
import { saveToken } from '../../lib/token-storage';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { navItemsFor } from '../access/navigation';

const NOW = Date.now();
const notice = {
  id: 3,
  title: '冬季拍卖会日程',
  summary: '四个专场',
  content: '<p>预展<strong>三天</strong></p>',
  cover: '',
  published: true,
  publishedAt: NOW - 3_600_000,
  createdAt: NOW - 3_600_000,
  updatedAt: NOW - 3_600_000,
};
const draft = { ...notice, id: 4, title: '春节安排', published: false };
const contact = {
  phone: '400-820-1688',
  wechat: 'shigu_kefu',
  email: 'service@shigu-auction.cn',
  serviceHours: '9:00–21:00',
  address: '上海市黄浦区南京东路 100 号',
  qrCode: '',
  notes: '充值：转账至对公账户。',
  bankName: '中国工商银行上海南京东路支行',
  bankAccountName: '上海拾古拍卖有限公司',
  bankAccountNo: '1001 2345 6789 0123 456',
  bankNotes: '转账附言请填写注册手机号。',
};

function setup(role = 'operator') {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'op', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/notices' && call.method === 'GET')
      return { data: { list: [notice, draft], total: 2, page: 1, pageSize: 20, hasMore: false } };
    if (path === '/v1/admin/notices/3' && call.method === 'PUT')
      return { data: { ...notice, ...(call.body as object), updatedAt: NOW } };
    if (path === '/v1/admin/notices' && call.method === 'POST')
      return { data: { ...notice, id: 9, ...(call.body as object) } };
    if (path === '/v1/admin/contact' && call.method === 'GET') return { data: contact };
    if (path === '/v1/admin/contact' && call.method === 'PUT') {
      const body = call.body as typeof contact;
      if (body.email === 'x@y') return { code: 400, msg: '邮箱格式不正确', data: { field: 'email' } };
      return { data: body };
    }
    return undefined;
  });
}

// The editor the form loads lazily (Tiptap and its extensions), imported once before the tests:
// on a loaded machine its first import inside a test could outlast the test's waits.
beforeAll(async () => {
  await import('../rich-text/rich-text-editor');
}, 60_000);

describe('notices in the console', () => {
  it('lists published and draft notices, and saves an edit through the rich-text editor', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/notices');
    const row = await screen.findByTestId('article-row-3');
    expect(within(row).getByText('已发布')).toBeInTheDocument();
    expect(within(await screen.findByTestId('article-row-4')).getByText('草稿')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('article-edit-3'));
    // the editor is loaded lazily, with the notice's text in it
    const content = await screen.findByTestId('article-editor-content', {}, { timeout: 5000 });
    await waitFor(() => expect(content.querySelector('strong')?.textContent).toBe('三天'));
    fireEvent.change(screen.getByTestId('article-title'), { target: { value: '冬季拍卖会日程（更新）' } });
    fireEvent.click(screen.getByTestId('article-submit'));

    expect(await screen.findByText('已保存公告')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/v1/admin/notices/3');
    expect(put?.body).toEqual({
      title: '冬季拍卖会日程（更新）',
      summary: '四个专场',
      cover: '',
      content: '<p>预展<strong>三天</strong></p>',
      published: true,
    });
  });

  it('asks for a title and a text before writing a new notice', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/notices');
    fireEvent.click(await screen.findByTestId('article-create'));
    await screen.findByTestId('article-editor-content', {}, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('article-submit'));
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(await screen.findByText('请输入正文')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('contact us in the console', () => {
  it('shows the saved details and saves them trimmed', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/contact');
    const phone = await screen.findByTestId('contact-phone');
    await waitFor(() => expect(phone).toHaveValue('400-820-1688'));
    fireEvent.change(screen.getByTestId('contact-wechat'), { target: { value: '  shigu_vip  ' } });
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('已保存联系方式')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...contact, wechat: 'shigu_vip' });
  });

  it('keeps the house’s bank account for the top-up page, and refuses half an account before sending', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/contact');
    const accountNo = await screen.findByTestId('contact-bank-account-no');
    await waitFor(() => expect(accountNo).toHaveValue('1001 2345 6789 0123 456'));
    fireEvent.change(screen.getByTestId('contact-bank-account-name'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('请填写户名（开户银行、户名、账号须一起填写）')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('contact-bank-account-name'), { target: { value: ' 上海拾古拍卖有限公司 ' } });
    fireEvent.change(accountNo, { target: { value: '6222 0000 1111 2222' } });
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('已保存联系方式')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...contact, bankAccountNo: '6222 0000 1111 2222' });
  });
});

describe('the content menu', () => {
  it('has notices, news and contact for operators and administrators only', () => {
    const pages = (role: 'admin' | 'operator' | 'finance' | 'support') => navItemsFor(role).map((i) => i.page);
    for (const role of ['admin', 'operator'] as const) {
      expect(pages(role)).toEqual(expect.arrayContaining(['notices', 'news', 'contact']));
    }
    for (const role of ['finance', 'support'] as const) {
      expect(pages(role)).not.toContain('notices');
      expect(pages(role)).not.toContain('contact');
    }
  });
});
