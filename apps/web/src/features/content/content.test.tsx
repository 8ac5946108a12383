import type { ArticleSummary } from '@antique/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import { ArticleDetail } from './article-detail';
import { ArticleList } from './article-list';
import { ContactCard, telHref } from './contact-card';
import { HomeNoticeBar } from './notice-bar';
import { positiveId } from './positive-id';

const PUBLISHED = new Date(2026, 10, 20, 9, 30).getTime();
const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const summary = (id: number, extra: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id,
  title: `公告 ${id}`,
  summary: `摘要 ${id}`,
  publishedAt: PUBLISHED,
  ...extra,
});
const page = (list: ArticleSummary[]) => ok({ list, total: list.length, page: 1, pageSize: 10, hasMore: false });

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the notice and news lists', () => {
  it('show title, summary, date and cover, and open an article', async () => {
    const { calls } = stubFetch(() =>
      page([summary(2, { cover: '/files/banner/202611/abcdefghijklmnopqrstuv' }), summary(1)]),
    );
    const { router } = renderPage(<ArticleList kind="news" />, '/pages/news-list/news-list');
    const items = await screen.findAllByTestId('article-item');
    expect(items.map((item) => item.dataset.id)).toEqual(['2', '1']);
    expect(calls[0]!.url).toContain('/v1/iyd/news/list?page=1&pageSize=10');
    const first = within(items[0]!);
    expect(first.getByText('公告 2')).toBeInTheDocument();
    expect(first.getByText('摘要 2')).toBeInTheDocument();
    expect(first.getByText('2026-11-20')).toBeInTheDocument();
    expect(items[0]!.querySelector('.article-row-thumb')).not.toBeNull();
    expect(items[1]!.querySelector('.article-row-thumb')).toBeNull();
    await userEvent.click(items[1]!);
    expect(router.state.location.pathname).toBe('/pages/news/news');
    expect(router.state.location.search).toBe('?id=1');
  });

  it('say so when there are no notices yet', async () => {
    stubFetch(() => page([]));
    renderPage(<ArticleList kind="notice" />, '/pages/notice-list/notice-list');
    expect(await screen.findByTestId('article-empty')).toHaveTextContent('暂无公告');
  });
});

describe('a notice', () => {
  it('shows its title, time, cover and its text sanitised again, pictures and links kept', async () => {
    const { calls } = stubFetch(() =>
      ok({
        id: 7,
        title: '冬季拍卖会日程',
        content:
          '<p>预展<strong>三天</strong></p><img src="/files/content/202611/abcdefghijklmnopqrstuv" onerror="alert(1)"><a href="https://example.com/a">图录</a><script>window.hacked=1</script>',
        cover: '/files/banner/202611/abcdefghijklmnopqrstuv',
        publishedAt: PUBLISHED,
      }),
    );
    renderPage(<ArticleDetail kind="notice" id={7} />, '/pages/notice/notice');
    expect(await screen.findByTestId('article-title')).toHaveTextContent('冬季拍卖会日程');
    expect(calls[0]!.url).toContain('/v1/iyd/notice/info?id=7');
    expect(screen.getByTestId('article-date')).toHaveTextContent('2026-11-20 09:30');
    expect(screen.getByTestId('article-cover')).toBeInTheDocument();
    const body = await screen.findByTestId('article-body');
    expect(within(body).getByText('三天').tagName).toBe('STRONG');
    const img = body.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/files/content/202611/abcdefghijklmnopqrstuv');
    expect(img.hasAttribute('onerror')).toBe(false);
    expect(within(body).getByRole('link', { name: '图录' })).toHaveAttribute('href', 'https://example.com/a');
    expect(body.querySelector('script')).toBeNull();
  });

  it('says it is gone on a 404 and asks for an id when there is none', async () => {
    stubFetch(() => envelopeResponse({ code: 404, msg: '记录不存在', data: { reason: 'NOT_FOUND' } }, { status: 404 }));
    renderPage(<ArticleDetail kind="news" id={99} />, '/pages/news/news');
    expect(await screen.findByTestId('article-not-found')).toHaveTextContent('该内容不存在或已下线');
    queryClient.clear();
    renderPage(<ArticleDetail kind="news" id={positiveId('abc')} />, '/pages/news/news');
    expect(await screen.findByTestId('article-missing')).toBeInTheDocument();
  });
});

describe('contact us', () => {
  const contact = {
    phone: '400-820-1688',
    wechat: 'shigu_kefu',
    email: 'service@shigu-auction.cn',
    serviceHours: '周一至周日 9:00–21:00',
    address: '上海市黄浦区南京东路 100 号',
    qrCode: '/files/content/202611/abcdefghijklmnopqrstuv',
    notes: '充值：转账至本行对公账户，附言填写手机号。\n提现：仅可提至本人名下账户。',
  };

  it('shows each way to reach the house with dial and copy, the QR code and the notes by paragraph', async () => {
    stubFetch(() => ok(contact));
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage(<ContactCard />, '/pages/contact-us/contact-us');
    expect(await screen.findByTestId('contact-phone-value')).toHaveTextContent('400-820-1688');
    expect(screen.getByTestId('contact-dial')).toHaveAttribute('href', 'tel:4008201688');
    expect(screen.getByTestId('contact-mail')).toHaveAttribute('href', 'mailto:service@shigu-auction.cn');
    expect(within(screen.getByTestId('contact-serviceHours')).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByTestId('contact-copy-wechat'));
    expect(writeText).toHaveBeenCalledWith('shigu_kefu');
    expect(await screen.findByText('内容已复制')).toBeInTheDocument();
    expect(screen.getByTestId('contact-qr')).toHaveAttribute('src', contact.qrCode);
    const notes = screen.getByTestId('contact-notes').querySelectorAll('p');
    expect([...notes].map((p) => p.textContent)).toEqual([
      '充值：转账至本行对公账户，附言填写手机号。',
      '提现：仅可提至本人名下账户。',
    ]);
  });

  it('leaves out what the house has not filled in, and says so when it is all empty', async () => {
    stubFetch(() => ok({ ...contact, wechat: '', qrCode: '' }));
    renderPage(<ContactCard />, '/pages/contact-us/contact-us');
    await screen.findByTestId('contact-phone');
    expect(screen.queryByTestId('contact-wechat')).toBeNull();
    expect(screen.queryByTestId('contact-qr')).toBeNull();
    queryClient.clear();
    stubFetch(() => ok({ phone: '', wechat: '', email: '', serviceHours: '', address: '', qrCode: '', notes: '' }));
    renderPage(<ContactCard />, '/pages/contact-us/contact-us');
    expect(await screen.findByTestId('contact-empty')).toHaveTextContent('客服信息暂未设置');
  });

  it('dials digits only', () => {
    expect(telHref('+86 (21) 6321-0000')).toBe('tel:+862163210000');
  });
});

describe('the home notice bar', () => {
  it('shows the newest notice, which opens it; "all" opens the list', async () => {
    const { calls } = stubFetch(() => page([summary(5, { title: '关于冬季拍卖会日程安排的公告' })]));
    const { router } = renderPage(<HomeNoticeBar />, '/pages/index/index');
    const latest = await screen.findByTestId('home-notice-latest');
    expect(latest).toHaveTextContent('关于冬季拍卖会日程安排的公告');
    expect(calls[0]!.url).toContain('/v1/iyd/notice/list?page=1&pageSize=1');
    await userEvent.click(latest);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/pages/notice/notice?id=5');
  });

  it('opens the list from "all", and is not there while there is no notice', async () => {
    stubFetch(() => page([summary(5)]));
    const { router, unmount } = renderPage(<HomeNoticeBar />, '/pages/index/index');
    await userEvent.click(await screen.findByTestId('home-notice-more'));
    expect(router.state.location.pathname).toBe('/pages/notice-list/notice-list');
    unmount();
    queryClient.clear();
    stubFetch(() => page([]));
    renderPage(<HomeNoticeBar />, '/pages/index/index');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('home-notice')).toBeNull();
  });
});
