import type { Claim, HoldingDetail, LotOffer } from '@antique/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch, type StubbedCall } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import { ClaimEntry } from '../../features/protect/claim-entry';
import { claimDaysLeft } from '../../features/protect/protect.api';
import ClaimListPage from '../claim-list/claim-list.page';
import OfferListPage from '../offer-list/offer-list.page';
import ClaimPage from './claim.page';

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 10, hasMore: false });
const DAY = 86_400_000;

const piece: HoldingDetail = {
  id: 41,
  productId: null,
  title: '清乾隆 青花缠枝莲纹赏瓶',
  cover: '/files/product/202611/AAAAAAAAAAAAAAAAAAAAAA',
  acquiredPrice: 120_000,
  acquiredAt: Date.now() - 5 * DAY,
  source: 'mall',
  status: 'received',
  orderId: 7,
  pick: {
    id: 3,
    holdingIds: [41],
    address: {
      name: '林婉清',
      phone: '139****5678',
      regionCode: '330106',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路',
    },
    status: 'received',
    createdAt: Date.now() - 4 * DAY,
    receivedAt: Date.now() - 2 * DAY,
  },
  history: [],
};

const claims: Claim[] = [
  {
    id: 2,
    holdingId: 41,
    title: '清乾隆 青花缠枝莲纹赏瓶',
    cover: piece.cover,
    reason: 'damaged',
    text: '瓶口有运输造成的新磕伤，见照片。',
    photos: ['/files/claim/202611/BBBBBBBBBBBBBBBBBBBBBB'],
    status: 'rejected',
    amount: 120_000,
    decisionReason: '磕伤在发货前的验货记录中已存在',
    createdAt: Date.now() - DAY,
    decidedAt: Date.now() - 3_600_000,
  },
  {
    id: 1,
    holdingId: 40,
    title: '明 铜鎏金观音坐像',
    cover: piece.cover,
    reason: 'not_authentic',
    text: '鉴定机构认定为后仿。',
    photos: [],
    status: 'accepted',
    amount: 880_000,
    decisionReason: '经复核与描述不符，已退款',
    createdAt: Date.now() - 3 * DAY,
    decidedAt: Date.now() - 2 * DAY,
  },
];

afterEach(async () => {
  await changeLocale('zh-Hans', false);
  queryClient.clear();
});

describe('the guarantee in the member app', () => {
  it('counts the days left to claim, and offers 申请保障 only on a received piece within them', async () => {
    expect(claimDaysLeft(0, 7, 6.5 * DAY)).toBe(1);
    expect(claimDaysLeft(0, 7, 7 * DAY)).toBe(0);
    stubFetch(() => ok({ guaranteeDays: 7 }));
    const { unmount } = renderPage(<ClaimEntry holding={piece} />, '/x');
    expect(await screen.findByTestId('claim-entry')).toHaveTextContent('签收后 5 天内可申请');
    unmount();
    renderPage(<ClaimEntry holding={{ ...piece, status: 'shipped' }} />, '/x');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('claim-entry')).toBeNull();
  });

  it('refuses an incomplete claim with what is missing, sending nothing', async () => {
    const sent: StubbedCall[] = [];
    stubFetch((call) => {
      if (call.url.includes('/pick/info')) return ok(piece);
      if (call.url.includes('/order/claim/terms')) return ok({ guaranteeDays: 7 });
      if (call.url.includes('/order/claim')) {
        sent.push(call);
        return ok({ ...claims[0], status: 'pending', decisionReason: null });
      }
      return ok(page([]));
    });
    renderPage(<ClaimPage />, '/pages/claim/claim?holdingId=41');
    expect(await screen.findByTestId('claim-piece')).toHaveTextContent('清乾隆 青花缠枝莲纹赏瓶');
    expect(await screen.findByTestId('claim-intro')).toHaveTextContent('签收后 7 天内');
    fireEvent.click(screen.getByTestId('claim-submit'));
    expect(await screen.findByText('请选择申请原因')).toBeInTheDocument();
    expect(screen.getByText('请填写10–500字的问题说明')).toBeInTheDocument();
    expect(screen.getByText('请上传1–9张照片')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(screen.getByText('与描述不符')).toBeInTheDocument();
    expect(screen.getByText('非真品')).toBeInTheDocument();
  });

  it('lists 我的保障 with status and the house’s decision', async () => {
    stubFetch(() => ok(page(claims)));
    renderPage(<ClaimListPage />, '/pages/claim-list/claim-list');
    const items = await screen.findAllByTestId('claim-item');
    expect(items.map((i) => within(i).getByTestId('claim-status').textContent)).toEqual(['未通过', '已通过']);
    expect(within(items[0]!).getByTestId('claim-decision')).toHaveTextContent(
      '处理意见：磕伤在发货前的验货记录中已存在',
    );
    expect(items[0]).toHaveTextContent('运输损坏');
    expect(items[1]).toHaveTextContent('¥8,800.00');
  });

  it('says so when there is no claim, in English too', async () => {
    await changeLocale('en', false);
    stubFetch(() => ok(page([])));
    renderPage(<ClaimListPage />, '/pages/claim-list/claim-list');
    expect(await screen.findByTestId('claim-list-empty')).toHaveTextContent('No claims yet');
  });
});

describe('second-chance offers in the member app', () => {
  const offers: LotOffer[] = [
    {
      id: 5,
      lotId: 9,
      title: '宋 龙泉窑青釉莲瓣碗',
      cover: piece.cover,
      price: 300_000,
      premium: 30_000,
      deposit: 30_000,
      status: 'open',
      expiresAt: Date.now() + 20 * 3_600_000,
      orderId: null,
      createdAt: Date.now() - 3_600_000,
    },
    {
      ...({} as LotOffer),
      id: 4,
      lotId: 8,
      title: '清 紫檀笔筒',
      cover: piece.cover,
      price: 90_000,
      premium: 9_000,
      deposit: 9_000,
      status: 'expired',
      expiresAt: Date.now() - DAY,
      orderId: null,
      createdAt: Date.now() - 2 * DAY,
    },
  ];

  it('lists offers with price, premium and deposit; only an open one can be accepted, behind the trade password', async () => {
    stubFetch((call) => {
      if (call.url.includes('/member/info')) return ok({ hasTradePassword: true, balance: 1_000_000 });
      return ok(page(offers));
    });
    renderPage(<OfferListPage />, '/pages/offer-list/offer-list');
    const items = await screen.findAllByTestId('offer-item');
    expect(items.map((i) => within(i).getByTestId('offer-status').textContent)).toEqual(['待接受', '已过期']);
    expect(items[0]).toHaveTextContent('¥3,000.00');
    expect(items[0]).toHaveTextContent('冻结保证金 ¥300.00');
    expect(within(items[1]!).queryByTestId('offer-accept')).toBeNull();
    fireEvent.click(within(items[0]!).getByTestId('offer-accept'));
    await waitFor(() => expect(document.body).toHaveTextContent('接受转让，冻结保证金 ¥300.00'));
  });
});
