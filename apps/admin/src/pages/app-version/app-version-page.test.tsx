import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppVersionPolicy, OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const stored: AppVersionPolicy = {
  latest: '1.2.0',
  minSupported: '1.0.0',
  downloadUrl: 'https://dl.shigu-auction.cn/app/1.2.0.apk',
  updateContent: '修复若干问题',
  updatedAt: new Date(2026, 10, 20, 9, 30).getTime(),
};

function setup(role: OperatorRole = 'operator') {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'yunying', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/app-version' && call.method === 'GET') return { data: stored };
    if (path === '/v1/admin/app-version' && call.method === 'PUT') {
      return { data: { ...(call.body as object), updatedAt: Date.now() } };
    }
    return undefined;
  });
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('app-version policy', () => {
  it('shows the policy, and saves a raised minimum after a confirmation that names what changes', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/app-version');

    await waitFor(() => expect(screen.getByTestId('app-version-latest')).toHaveValue('1.2.0'));
    expect(screen.getByTestId('app-version-updated-at')).toHaveTextContent('上次保存 2026-11-20 09:30');
    expect(screen.getByTestId('app-version-preview')).toHaveTextContent('低于 1.0.0强制更新');

    type('app-version-latest', '1.3.0');
    type('app-version-min', '1.1.0');
    type('app-version-url', 'https://dl.shigu-auction.cn/app/1.3.0.apk');
    await waitFor(() =>
      expect(screen.getByTestId('app-version-preview')).toHaveTextContent('1.1.0 至 1.3.0 之前提示可选更新'),
    );
    fireEvent.click(screen.getByTestId('app-version-submit'));

    const changes = await screen.findByTestId('app-version-changes');
    expect(within(changes).getByText('最低支持版本')).toBeInTheDocument();
    expect(within(changes).queryByText('更新说明')).not.toBeInTheDocument();
    expect(screen.getByText('版本低于 1.1.0 的应用打开后必须先更新才能使用')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByTestId('app-version-confirm-ok'));
    expect(await screen.findByText('已保存版本更新策略')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      latest: '1.3.0',
      minSupported: '1.1.0',
      downloadUrl: 'https://dl.shigu-auction.cn/app/1.3.0.apk',
      updateContent: '修复若干问题',
    });
  });

  it('refuses a minimum above the latest, a malformed version, and a missing or plain-http address', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/app-version');
    await waitFor(() => expect(screen.getByTestId('app-version-latest')).toHaveValue('1.2.0'));

    type('app-version-min', '1.5');
    type('app-version-url', '');
    fireEvent.click(screen.getByTestId('app-version-submit'));
    expect(await screen.findByText('最低支持版本不能高于最新版本')).toBeInTheDocument();
    expect(await screen.findByText('最新版本高于 1.0.0 时必须填写下载地址，应用据此下载新版本')).toBeInTheDocument();

    type('app-version-latest', 'v2');
    type('app-version-url', 'http://dl.example.com/app.apk');
    fireEvent.click(screen.getByTestId('app-version-submit'));
    expect(await screen.findByText('版本号由数字和点组成，如 1.2.0（最多 4 段）')).toBeInTheDocument();
    expect(await screen.findByText('请填写以 https:// 开头的完整下载地址')).toBeInTheDocument();
    expect(screen.queryByTestId('app-version-changes')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is not for finance', async () => {
    setup('finance');
    renderWithProviders(routes, '/app-version');
    expect(await screen.findByTestId('forbidden')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-app-version')).not.toBeInTheDocument();
  });
});
