import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteList } from './infinite-list';
import { createReachBottomGuard } from './reach-bottom-guard';

function setPage({ height, scrollY }: { height: number; scrollY: number }) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  setPage({ height: 0, scrollY: 0 });
});

describe('reach-bottom guard', () => {
  it('fires once, ignores the bottom for 350 ms, then fires again', () => {
    const fire = vi.fn();
    const onRearm = vi.fn();
    const guard = createReachBottomGuard(350, onRearm);
    expect(guard.trigger(fire)).toBe(true);
    expect(guard.trigger(fire)).toBe(false);
    vi.advanceTimersByTime(349);
    expect(guard.trigger(fire)).toBe(false);
    expect(onRearm).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onRearm).toHaveBeenCalledTimes(1);
    expect(guard.trigger(fire)).toBe(true);
    expect(fire).toHaveBeenCalledTimes(2);
  });
});

describe('infinite list', () => {
  it('asks for the next page within 50 px of the bottom, once per 350 ms however often it scrolls', () => {
    setPage({ height: 3000, scrollY: 0 });
    const onLoadMore = vi.fn();
    render(
      <InfiniteList hasMore loading={false} onLoadMore={onLoadMore}>
        <div />
      </InfiniteList>,
    );
    expect(onLoadMore).not.toHaveBeenCalled();

    setPage({ height: 3000, scrollY: 3000 - 800 - 51 });
    fireEvent.scroll(window);
    expect(onLoadMore).not.toHaveBeenCalled();

    setPage({ height: 3000, scrollY: 3000 - 800 - 50 });
    fireEvent.scroll(window);
    fireEvent.scroll(window);
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(349));
    fireEvent.scroll(window);
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    // Re-armed: a member still at the bottom gets the next page without scrolling again.
    act(() => vi.advanceTimersByTime(1));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing while a page is loading, after the last one, or after a failure', () => {
    setPage({ height: 900, scrollY: 100 });
    const onLoadMore = vi.fn();
    const { rerender } = render(
      <InfiniteList hasMore loading onLoadMore={onLoadMore}>
        <div />
      </InfiniteList>,
    );
    fireEvent.scroll(window);
    rerender(
      <InfiniteList hasMore={false} loading={false} onLoadMore={onLoadMore}>
        <div />
      </InfiniteList>,
    );
    fireEvent.scroll(window);
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByTestId('list-footer')).toHaveTextContent('没有更多了');

    rerender(
      <InfiniteList hasMore loading={false} failed onLoadMore={onLoadMore}>
        <div />
      </InfiniteList>,
    );
    fireEvent.scroll(window);
    expect(onLoadMore).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('list-retry'));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('fills a screen that a short first page leaves empty', () => {
    setPage({ height: 500, scrollY: 0 });
    const onLoadMore = vi.fn();
    render(
      <InfiniteList hasMore loading={false} onLoadMore={onLoadMore}>
        <div />
      </InfiniteList>,
    );
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});
