import type { Lot } from '@antique/shared';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { DEFAULT_AUCTION_RULES } from '@antique/shared';
import { loadPopup } from '../../components/sheet/sheet';
import { BidSheet, lotAuctionRules, stepDown, stepUp } from './bid-sheet';

const lot: Lot = {
  id: 9,
  sessionId: 1,
  title: '清乾隆 青花缠枝莲纹梅瓶',
  cover: '',
  images: [],
  startPrice: 100_000,
  currentPrice: 105_000,
  nextMinimum: 110_000,
  bidCount: 3,
  reserveMet: false,
  startsAt: 0,
  endsAt: Date.now() + 3_600_000,
  status: 'live',
  consigned: false,
};

const text = (id: string) => screen.getByTestId(id).textContent;

describe('the bid sheet', () => {
  // As on the page once it is idle: the sheet's code is in, so a sheet that starts open shows at once.
  beforeAll(async () => {
    await loadPopup();
  });

  it('starts at the next minimum and shows the premium, the all-in price and the deposit', () => {
    render(<BidSheet lot={lot} visible onClose={() => undefined} onConfirm={() => undefined} />);
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1100');
    expect(text('bid-sheet-minimum')).toBe('¥1,100.00');
    expect(text('bid-sheet-bid')).toBe('¥1,100.00');
    expect(text('bid-sheet-premium')).toBe('¥110.00');
    expect(text('bid-sheet-all-in')).toBe('¥1,210.00');
    expect(text('bid-sheet-deposit')).toBe('¥110.00');
  });

  it('steps by the increment of the price band and never below the minimum', async () => {
    const user = userEvent.setup();
    render(<BidSheet lot={lot} visible onClose={() => undefined} onConfirm={() => undefined} />);
    expect(screen.getByTestId('bid-sheet-minus')).toBeDisabled();
    // From 1,000 yuan the step is 50 yuan.
    await user.click(screen.getByTestId('bid-sheet-plus'));
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1150');
    expect(text('bid-sheet-premium')).toBe('¥115.00');
    expect(text('bid-sheet-all-in')).toBe('¥1,265.00');
    await user.click(screen.getByTestId('bid-sheet-minus'));
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1100');
    expect(stepUp(99_000)).toBe(100_000);
    expect(stepDown(100_000, 90_000)).toBe(99_000);
    expect(stepDown(105_000, 100_000)).toBe(100_000);
  });

  it('tops up only what is not frozen yet, and confirms the typed max bid in fen', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <BidSheet
        lot={{ ...lot, myMaxBid: 105_000, leading: false, myDeposit: 10_500 }}
        visible
        onClose={() => undefined}
        onConfirm={onConfirm}
      />,
    );
    const input = screen.getByTestId('bid-sheet-input');
    await user.clear(input);
    await user.type(input, '1234.5');
    expect(text('bid-sheet-premium')).toBe('¥123.45');
    expect(text('bid-sheet-all-in')).toBe('¥1,357.95');
    // 10% of 1,234.50 is 123.45, of which 105.00 is frozen already.
    expect(text('bid-sheet-deposit')).toBe('¥18.45');
    expect(text('bid-sheet-frozen')).toBe('¥105.00');
    await user.click(screen.getByTestId('bid-sheet-confirm'));
    expect(onConfirm).toHaveBeenCalledWith(123_450, expect.objectContaining({ premium: 12_345, allIn: 135_795 }));
  });

  it('refuses an amount below the minimum or not money', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<BidSheet lot={lot} visible onClose={() => undefined} onConfirm={onConfirm} />);
    const input = screen.getByTestId('bid-sheet-input');
    await user.clear(input);
    await user.type(input, '1099');
    expect(text('bid-sheet-error')).toBe('出价不能低于 ¥1,100.00');
    expect(screen.getByTestId('bid-sheet-confirm')).toBeDisabled();
    await user.clear(input);
    await user.type(input, '12.345');
    expect(text('bid-sheet-error')).toBe('请输入正确的金额，最多两位小数');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('follows the lot’s own rules: its increments, premium and deposit rates', async () => {
    const user = userEvent.setup();
    const rules = { increments: [[null, 2_000]] as [number | null, number][], premiumBps: 1_500, depositBps: 2_000 };
    render(<BidSheet lot={{ ...lot, rules }} visible onClose={() => undefined} onConfirm={() => undefined} />);
    expect(screen.getByText('买家佣金（15%）')).toBeInTheDocument();
    expect(screen.getByText('本次冻结保证金（20%）')).toBeInTheDocument();
    expect(text('bid-sheet-premium')).toBe('¥165.00');
    expect(text('bid-sheet-all-in')).toBe('¥1,265.00');
    expect(text('bid-sheet-deposit')).toBe('¥220.00');
    expect(screen.getByText(/当前每口 ¥20\.00/)).toBeInTheDocument();
    // The lot's step is 20 yuan at every price, where the house's is 50 from 1,000 yuan.
    await user.click(screen.getByTestId('bid-sheet-plus'));
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1120');
    await user.click(screen.getByTestId('bid-sheet-plus'));
    await user.click(screen.getByTestId('bid-sheet-minus'));
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1120');
  });

  it('falls back to the house’s rules for a lot that carries none', () => {
    expect(lotAuctionRules({})).toBe(DEFAULT_AUCTION_RULES);
    const own = lotAuctionRules({ rules: { increments: [], premiumBps: 500, depositBps: 0 } });
    expect(own).toMatchObject({ premiumBps: 500, depositBps: 0, increments: DEFAULT_AUCTION_RULES.increments });
    expect(own.softCloseMs).toBe(DEFAULT_AUCTION_RULES.softCloseMs);
    render(<BidSheet lot={lot} visible onClose={() => undefined} onConfirm={() => undefined} />);
    expect(screen.getByText('买家佣金（10%）')).toBeInTheDocument();
  });

  it('keeps a typed amount still above a new minimum, raises one below it, and says the price moved', async () => {
    const user = userEvent.setup();
    const sheet = (shown: Lot) => (
      <BidSheet lot={shown} visible onClose={() => undefined} onConfirm={() => undefined} />
    );
    const view = render(sheet(lot));
    const input = screen.getByTestId('bid-sheet-input');
    await user.clear(input);
    await user.type(input, '1500');
    view.rerender(sheet({ ...lot, currentPrice: 115_000, nextMinimum: 120_000, bidCount: 4 }));
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1500');
    expect(screen.getByTestId('bid-sheet-moved')).toHaveTextContent('当前最低出价为 ¥1,200.00');
    view.rerender(sheet({ ...lot, currentPrice: 160_000, nextMinimum: 165_000, bidCount: 5 }));
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1650');
    expect(screen.getByTestId('bid-sheet-minimum')).toHaveTextContent('¥1,650.00');
    expect(screen.getByTestId('bid-sheet-confirm')).toBeEnabled();
  });

  it('opens afresh from the minimum, with no note, once closed', () => {
    const sheet = (shown: Lot, visible: boolean) => (
      <BidSheet lot={shown} visible={visible} onClose={() => undefined} onConfirm={() => undefined} />
    );
    const view = render(sheet(lot, true));
    view.rerender(sheet({ ...lot, nextMinimum: 120_000 }, true));
    expect(screen.getByTestId('bid-sheet-moved')).toBeInTheDocument();
    view.rerender(sheet({ ...lot, nextMinimum: 120_000 }, false));
    view.rerender(sheet({ ...lot, nextMinimum: 120_000 }, true));
    expect(screen.queryByTestId('bid-sheet-moved')).toBeNull();
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1200');
  });

  it('opens the auction rules over the sheet from its link, keeping the amount typed', async () => {
    stubFetch(() =>
      envelopeResponse({
        code: 200,
        msg: 'ok',
        data: { id: 'auction', title: '拍卖规则', content: '<p>出价即为承诺。</p>' },
      }),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(
      <QueryClientProvider client={queryClient}>
        <BidSheet lot={lot} visible onClose={() => undefined} onConfirm={() => undefined} />
      </QueryClientProvider>,
    );
    const input = screen.getByTestId('bid-sheet-input');
    await user.clear(input);
    await user.type(input, '1300');
    const link = screen.getByTestId('bid-sheet-rule-link');
    expect(link).toHaveAttribute('href', '#/pages/rule/rule?id=auction');
    await user.click(link);
    expect(await screen.findByText('出价即为承诺。')).toBeInTheDocument();
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1300');
    queryClient.clear();
  });

  it('says when the balance cannot cover the deposit, and offers the top-up for what is missing instead of the bid', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onTopUp = vi.fn();
    render(
      <BidSheet lot={lot} visible balance={6_000} onClose={() => undefined} onConfirm={onConfirm} onTopUp={onTopUp} />,
    );
    // The deposit of a ¥1,100 bid is ¥110; ¥60 is available.
    expect(screen.getByTestId('bid-sheet-short')).toHaveTextContent('可用余额 ¥60.00，冻结保证金还差 ¥50.00');
    expect(screen.queryByTestId('bid-sheet-confirm')).toBeNull();
    await user.click(screen.getByTestId('bid-sheet-top-up'));
    expect(onTopUp).toHaveBeenCalledWith(5_000);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms as usual when the balance covers the deposit', () => {
    render(
      <BidSheet
        lot={lot}
        visible
        balance={11_000}
        onClose={() => undefined}
        onConfirm={() => undefined}
        onTopUp={() => undefined}
      />,
    );
    expect(screen.queryByTestId('bid-sheet-short')).toBeNull();
    expect(screen.getByTestId('bid-sheet-confirm')).toBeEnabled();
  });
});
