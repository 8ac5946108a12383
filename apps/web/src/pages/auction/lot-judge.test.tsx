import type { LotDetail, LotQuestion, Member } from '@antique/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../features/member/user.store';
import { queryClient } from '../../lib/query-client';
import { clearToken, setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import AuctionPage from './auction.page';

const PHOTO = `/files/product/202611/${'P'.repeat(22)}`;
const CERT = `/files/product/202611/${'C'.repeat(22)}`;

const member = {
  id: 7,
  phone: '138****5678',
  nickname: '藏友',
  avatar: '',
  vipLevel: 0,
  inviteCode: 'AB12CD',
  realNameStatus: 'verified',
  hasTradePassword: true,
  balance: 1_000_000,
  frozen: 0,
  createdAt: 0,
} as Member;

const answered: LotQuestion = {
  id: 1,
  text: '请问口沿是否有冲线？',
  asker: '139****0001',
  askedAt: Date.now() - 7_200_000,
  answer: '口沿完好，无冲线。',
  answeredAt: Date.now() - 3_600_000,
  pending: false,
};

const baseLot: LotDetail = {
  id: 5,
  sessionId: null,
  title: '清乾隆 粉彩百鹿纹尊',
  cover: '',
  images: [],
  startPrice: 100_000,
  currentPrice: 120_000,
  nextMinimum: 125_000,
  bidCount: 1,
  reserveMet: true,
  startsAt: Date.now() - 60_000,
  endsAt: Date.now() + 3_600_000,
  status: 'live',
  consigned: false,
  description: '',
  era: '',
  material: '',
  dimensions: '',
  provenance: '',
  bids: [],
  condition: {
    grade: 'fine',
    notes: '釉面莹润，口沿一处细小窑裂',
    dimensions: '高 30cm',
    weight: '1.2kg',
    marks: '大清乾隆年制',
    repairs: '',
    photos: [PHOTO, PHOTO],
    examinedBy: '张鉴',
    examinedAt: new Date(2026, 10, 20).getTime(),
    updatedAt: new Date(2026, 10, 20).getTime(),
  },
  certificate: { issuer: '国家文物鉴定中心', number: 'NO.2026-0815', date: '2026-08-15', picture: CERT },
  questions: [answered],
};

// The popup slides in (pointer-events off meanwhile): typing does not wait for the animation.
const user = userEvent.setup({ pointerEventsCheck: 0 });

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const silentStream = () => new Response(new ReadableStream({ start() {} }), { status: 200 });

function serve(lot: () => LotDetail, answerQuestion?: (body: { id: number; text: string }) => Response) {
  return stubFetch(async (call) => {
    if (call.url.includes('/auction/stream')) return silentStream();
    if (call.url.includes('/member/info')) return ok(member);
    if (call.url.includes('/auction/info')) return ok(lot());
    if (call.url.endsWith('/auction/question') && answerQuestion) {
      return answerQuestion(JSON.parse(String(call.init.body)) as { id: number; text: string });
    }
    return ok(null);
  });
}

beforeEach(() => setToken('member-token'));
afterEach(() => {
  queryClient.clear();
  clearToken();
  useUserStore.getState().setUserInfo(null);
});

describe('品相报告 on a lot', () => {
  it('shows the grade, what the house wrote, who examined it, the photos and the certificate', async () => {
    serve(() => baseLot);
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    const section = await screen.findByTestId('condition');
    expect(within(section).getByTestId('condition-grade')).toHaveTextContent('品相 · 上佳');
    expect(within(section).getByTestId('condition-marks')).toHaveTextContent('款识大清乾隆年制');
    expect(within(section).queryByTestId('condition-repairs')).not.toBeInTheDocument();
    expect(within(section).getByTestId('condition-examined')).toHaveTextContent('张鉴 于 2026-11-20 鉴定');
    expect(within(section).getAllByTestId('condition-photo')).toHaveLength(2);
    expect(within(section).getByTestId('condition-certificate')).toHaveTextContent('证书编号：NO.2026-0815');

    await user.click(within(section).getByTestId('condition-certificate-picture'));
    await waitFor(() => expect(document.querySelector('.adm-image-viewer-content')).not.toBeNull());
    expect(document.querySelector(`.adm-image-viewer-content img[src="${CERT}"]`)).not.toBeNull();
  });

  it('says so when the house has not examined the piece', async () => {
    serve(() => ({ ...baseLot, condition: null, certificate: undefined }));
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    expect(await screen.findByTestId('condition-none')).toHaveTextContent('本行尚未出具品相报告');
    expect(screen.queryByTestId('condition-certificate')).not.toBeInTheDocument();
  });
});

describe('向本行提问', () => {
  it('sends the question from the popup and shows it pending; a refusal stays in the popup', async () => {
    let questions: LotQuestion[] = [answered];
    let refuse = true;
    const server = serve(
      () => ({ ...baseLot, questions }),
      (body) => {
        if (refuse) {
          refuse = false;
          return envelopeResponse(
            {
              code: 429,
              msg: '提问过多：每件拍品最多3个待回复的问题，每天最多20个',
              data: { reason: 'QUESTION_LIMIT', limit: 3, scope: 'lot' },
            },
            { status: 429 },
          );
        }
        const mine: LotQuestion = {
          id: 9,
          text: body.text,
          asker: '138****5678',
          askedAt: Date.now(),
          answer: null,
          answeredAt: null,
          pending: true,
        };
        questions = [...questions, mine];
        return ok(mine);
      },
    );
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    const section = await screen.findByTestId('lot-questions');
    expect(within(section).getByTestId('question-answer')).toHaveTextContent('口沿完好，无冲线。');
    expect(within(section).getByText(/139\*\*\*\*0001 提问/)).toBeInTheDocument();

    await user.click(within(section).getByTestId('question-ask'));
    const box = await screen.findByTestId('question-text');
    const input = box.querySelector('textarea')!;
    await user.type(input, '底款');
    await user.click(screen.getByTestId('question-submit'));
    expect(screen.getByTestId('question-hint')).toHaveTextContent('请至少写 5 个字');
    expect(server.calls.some((c) => c.url.endsWith('/auction/question'))).toBe(false);

    await user.type(input, '是否清晰？');
    await user.click(screen.getByTestId('question-submit'));
    await waitFor(() => expect(screen.getByTestId('question-hint')).toHaveTextContent('提问过多'));

    await user.click(screen.getByTestId('question-submit'));
    await waitFor(() => expect(screen.getByTestId('question-pending')).toBeInTheDocument());
    const sent = server.calls.filter((c) => c.url.endsWith('/auction/question'));
    expect(JSON.parse(String(sent[1]!.init.body))).toEqual({ id: 5, text: '底款是否清晰？' });
    const pending = screen.getAllByTestId('question').find((q) => q.dataset.pending === 'true')!;
    expect(pending).toHaveTextContent('底款是否清晰？');
  });

  it('is not offered once the lot has ended; answered questions stay', async () => {
    serve(() => ({ ...baseLot, status: 'sold', endsAt: Date.now() - 60_000, winnerMasked: '139****0002' }));
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    const section = await screen.findByTestId('lot-questions');
    expect(within(section).queryByTestId('question-ask')).not.toBeInTheDocument();
    expect(within(section).getAllByTestId('question')).toHaveLength(1);
  });
});
