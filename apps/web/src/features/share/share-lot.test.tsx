import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lotShareUrl, ShareLot } from './share-lot';

const lot = {
  id: 5,
  title: '清乾隆 粉彩百鹿纹尊',
  cover: '',
  currentPrice: 120_000,
  bidCount: 1,
  startsAt: Date.now() - 60_000,
  endsAt: Date.now() + 3_600_000,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sharing a lot', () => {
  it('links the lot page under the app’s own origin', () => {
    expect(lotShareUrl(5, { origin: 'https://paimai.example.com', pathname: '/' })).toBe(
      'https://paimai.example.com/#/pages/auction/auction?id=5',
    );
  });

  it('copies the link, and offers the system’s share sheet only where there is one', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    // After user-event's setup, which puts a clipboard of its own in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ShareLot lot={lot} status="live" />);
    await user.click(screen.getByTestId('share-lot'));
    expect(await screen.findByText('复制链接')).toBeInTheDocument();
    expect(screen.getByText('生成海报')).toBeInTheDocument();
    expect(screen.queryByText('分享给好友')).toBeNull();
    await user.click(screen.getByText('复制链接'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(lotShareUrl(5)));
  });

  it('hands the lot to navigator.share where the browser has it', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<ShareLot lot={lot} status="live" />);
    await user.click(screen.getByTestId('share-lot'));
    await user.click(await screen.findByText('分享给好友'));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: lot.title, url: lotShareUrl(5) }));
    Reflect.deleteProperty(navigator, 'share');
  });
});
