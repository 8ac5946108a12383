import type { TeamInfo, TeamMember } from '@antique/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import TeamPage from './team.page';

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const info = (over: Partial<TeamInfo> = {}): TeamInfo => ({
  inviteCode: 'AB12CD',
  inviteUrl: 'https://paimai.example.com/#/pages/register/register?inviteCode=AB12CD',
  directCount: 2,
  rewardTotal: 123_456,
  ...over,
});
const members: TeamMember[] = [
  {
    id: 11,
    nickname: '听雨轩',
    avatar: '',
    phone: '139****0011',
    vipLevel: 2,
    joinedAt: Date.UTC(2026, 10, 20, 4),
    realNameVerified: true,
  },
  {
    id: 12,
    nickname: '藏友0012',
    avatar: '',
    phone: '139****0012',
    vipLevel: 0,
    joinedAt: Date.UTC(2026, 10, 18, 4),
    realNameVerified: false,
  },
];
const page = (list: TeamMember[]) => ({ list, total: list.length, page: 1, pageSize: 10, hasMore: false });

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
});
afterEach(() => queryClient.clear());

describe('team page', () => {
  it('shows the count, the rewards and each invitee: avatar, nickname, masked phone, VIP level, joined date, verified', async () => {
    const { calls } = stubFetch(({ url }) => (url.includes('/team/info') ? ok(info()) : ok(page(members))));
    renderPage(<TeamPage />, '/pages/team/team');
    const rows = await screen.findAllByTestId('team-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('team-direct-count')).toHaveTextContent('2');
    expect(screen.getByTestId('team-reward-total')).toHaveTextContent('1,234.56');
    const first = within(rows[0]!);
    expect(first.getByText('听雨轩')).toBeInTheDocument();
    expect(first.getByTestId('team-row-phone')).toHaveTextContent('139****0011');
    expect(first.getByTestId('vip-badge')).toHaveAttribute('data-level', '2');
    expect(first.getByTestId('member-avatar')).toHaveTextContent('听');
    expect(first.getByText('2026-11-20 加入')).toBeInTheDocument();
    expect(first.getByTestId('team-row-verified')).toHaveTextContent('已实名');
    expect(within(rows[1]!).getByTestId('team-row-verified')).toHaveTextContent('未实名');
    const list = calls.find((c) => c.url.includes('/team/list'))!;
    expect(list.url).toContain('page=1');
    expect(list.url).toContain('pageSize=10');
  });

  it('says so when no one registered with the code, and offers to invite', async () => {
    stubFetch(({ url }) => (url.includes('/team/info') ? ok(info({ directCount: 0, rewardTotal: 0 })) : ok(page([]))));
    renderPage(<TeamPage />, '/pages/team/team');
    const empty = await screen.findByTestId('team-empty');
    expect(empty).toHaveTextContent('还没有团队成员');
    expect(within(empty).getByRole('button', { name: '邀请好友' })).toBeInTheDocument();
    expect(await screen.findByTestId('team-direct-count')).toHaveTextContent('0');
  });

  it('reads the team again when the page is opened again', async () => {
    let list = page([]);
    stubFetch(({ url }) => (url.includes('/team/info') ? ok(info({ directCount: list.total })) : ok(list)));
    const first = renderPage(<TeamPage />, '/pages/team/team');
    expect(await screen.findByTestId('team-empty')).toBeInTheDocument();
    first.unmount();
    list = page(members.slice(0, 1));
    renderPage(<TeamPage />, '/pages/team/team');
    expect(await screen.findAllByTestId('team-row')).toHaveLength(1);
    expect(screen.getByTestId('team-direct-count')).toHaveTextContent('1');
  });

  it('lists every invitee, page after page, with the photo where there is one', async () => {
    const many = Array.from({ length: 12 }, (_, index): TeamMember => ({
      ...members[1]!,
      id: 100 + index,
      nickname: `藏友${100 + index}`,
      avatar: index === 0 ? '/files/avatar/100.png' : '',
    }));
    stubFetch(({ url }) => {
      if (url.includes('/team/info')) return ok(info({ directCount: 12 }));
      const second = url.includes('page=2');
      return ok({
        list: second ? many.slice(10) : many.slice(0, 10),
        total: 12,
        page: second ? 2 : 1,
        pageSize: 10,
        hasMore: !second,
      });
    });
    renderPage(<TeamPage />, '/pages/team/team');
    await screen.findByText('藏友111');
    const rows = screen.getAllByTestId('team-row');
    expect(rows).toHaveLength(12);
    expect(within(rows[0]!).getByTestId('member-avatar')).toHaveAttribute('src', '/files/avatar/100.png');
    expect(within(rows[11]!).getByTestId('member-avatar')).toHaveTextContent('藏');
    expect(screen.getByTestId('list-footer')).toHaveTextContent('没有更多了');
  });

  it('speaks the member’s language', async () => {
    await changeLocale('en', false);
    stubFetch(({ url }) => (url.includes('/team/info') ? ok(info()) : ok(page(members))));
    renderPage(<TeamPage />, '/pages/team/team');
    const rows = await screen.findAllByTestId('team-row');
    expect(within(rows[0]!).getByTestId('team-row-verified')).toHaveTextContent('Verified');
    expect(screen.getByText('Rewards received')).toBeInTheDocument();
  });
});
