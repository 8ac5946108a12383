import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';
import { bannerLinkProblem } from '../../features/banners/api';

const banner = {
  id: 5,
  position: 'home',
  image: '/files/banner/a',
  title: '秋季拍卖会',
  link: '/pages/auction/list',
  sort: 0,
  enabled: true,
};

function setup() {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 2, username: 'y', role: 'admin', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/banners' && call.method === 'GET') return { data: [banner] };
    if (path === '/v1/admin/banners/5' && call.method === 'PUT')
      return { data: { ...banner, ...(call.body as object) } };
    return undefined;
  });
}

describe('banners page', () => {
  it('hides a banner by putting it back with enabled false', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/banners');

    const row = await screen.findByTestId('banner-row-5');
    expect(within(row).getByText('/pages/auction/list')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('banner-toggle-5'));

    expect(await screen.findByText('已隐藏轮播图')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      position: 'home',
      image: '/files/banner/a',
      title: '秋季拍卖会',
      link: '/pages/auction/list',
      sort: 0,
      enabled: false,
    });
  });

  it('refuses a plain http link in the form', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/banners');

    fireEvent.click(await screen.findByTestId('banner-edit-5'));
    fireEvent.change(await screen.findByTestId('banner-link'), { target: { value: 'http://example.com' } });
    fireEvent.click(screen.getByTestId('banner-submit'));

    expect(await screen.findByText('外部链接必须使用 https://')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('bannerLinkProblem', () => {
  it.each([
    ['', null],
    ['/pages/product/detail?id=3', null],
    ['https://example.com/a', null],
    ['http://example.com', '外部链接必须使用 https://'],
    ['/product/3', '链接须为 App 内页面（以 /pages/ 开头）或 https:// 网址'],
    ['javascript:alert(1)', '链接须为 App 内页面（以 /pages/ 开头）或 https:// 网址'],
  ])('%j → %j', (link, problem) => {
    expect(bannerLinkProblem(link)).toBe(problem);
  });
});
