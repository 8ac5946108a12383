import type { TeamInfo } from '@antique/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encode } from 'uqr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import InvitePage from './invite.page';

const url = 'https://paimai.example.com/#/pages/register/register?inviteCode=AB12CD';
const info: TeamInfo = { inviteCode: 'AB12CD', inviteUrl: url, directCount: 0, rewardTotal: 0 };
const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
});
afterEach(() => queryClient.clear());

describe('invite page', () => {
  it('shows the code and the link, and copies each with the specification’s toast', async () => {
    stubFetch(() => ok(info));
    const user = userEvent.setup();
    renderPage(<InvitePage />, '/pages/invite/invite');
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('AB12CD');
    expect(screen.getByTestId('invite-link')).toHaveTextContent(url);
    await user.click(screen.getByTestId('invite-copy-link'));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText('内容已复制')).toBeInTheDocument();
    await user.click(screen.getByTestId('invite-copy-code'));
    expect(await navigator.clipboard.readText()).toBe('AB12CD');
  });

  it('draws the QR code of the link in the page, with the hint to save it', async () => {
    stubFetch(() => ok(info));
    renderPage(<InvitePage />, '/pages/invite/invite');
    const img = await screen.findByTestId('invite-qr');
    expect(img).toHaveAttribute('alt', '邀请链接二维码');
    expect(img).toHaveAttribute('data-url', url);
    // The picture's dark modules are the link's QR code, quiet zone included.
    const svg = decodeURIComponent(img.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    const qr = encode(url, { ecc: 'M', border: 2 });
    expect(svg).toContain(`viewBox="0 0 ${qr.size} ${qr.size}"`);
    const dark = qr.data.flat().filter(Boolean).length;
    expect(svg.match(/h1v1h-1z/g)).toHaveLength(dark);
    expect(screen.getByText('长按二维码保存图片')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('invite-save')).toBeEnabled());
  });

  it('offers to try again when the invite cannot be loaded', async () => {
    stubFetch(() => envelopeResponse({ code: 500, msg: '系统繁忙，请稍后再试', data: null }, { status: 500 }));
    renderPage(<InvitePage />, '/pages/invite/invite');
    expect(await screen.findByTestId('invite-error')).toHaveTextContent('邀请信息加载失败');
  });
});
