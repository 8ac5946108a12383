import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PULL_REFRESH_HEIGHT, PULL_REFRESH_RANGE, PullRefresh } from './pull-refresh';

// zh-Hans (setup-tests): list.pulling, list.canRelease, list.refreshing, list.complete.
const PULLING = '下拉刷新';
const CAN_RELEASE = '释放立即刷新';
const REFRESHING = '正在刷新…';
const COMPLETE = '已更新';

function touchEvent(type: string, points: { x: number; y: number }[]) {
  const touches = points.map(({ x, y }) => ({ clientX: x, clientY: y }));
  return Object.assign(new Event(type, { bubbles: true, cancelable: true }), { touches });
}

/**
 * A finger on `target` from (x, y), moved by each step in turn, then lifted; the moves' events.
 * `after` is called after every event.
 */
function drag(
  target: Element,
  from: { x: number; y: number },
  steps: { dx: number; dy: number }[],
  after: () => void = () => undefined,
) {
  const moves: Event[] = [];
  act(() => {
    target.dispatchEvent(touchEvent('touchstart', [from]));
  });
  after();
  let { x, y } = from;
  for (const step of steps) {
    x += step.dx;
    y += step.dy;
    const move = touchEvent('touchmove', [{ x, y }]);
    moves.push(move);
    act(() => {
      target.dispatchEvent(move);
    });
    after();
  }
  act(() => {
    target.dispatchEvent(touchEvent('touchend', []));
  });
  after();
  return moves;
}

const down = (px: number, count: number) => Array.from({ length: count }, () => ({ dx: 0, dy: px }));

function setup(onRefresh: () => Promise<unknown> = () => Promise.resolve()) {
  const refresh = vi.fn(onRefresh);
  const { unmount } = render(
    <PullRefresh onRefresh={refresh}>
      <ul>
        <li data-testid="item">藏品</li>
      </ul>
    </PullRefresh>,
  );
  const item = screen.getByTestId('item');
  const root = item.closest('.pull-refresh')!;
  const head = root.querySelector<HTMLElement>('.pull-refresh-head')!;
  const content = root.querySelector<HTMLElement>('.pull-refresh-content')!;
  return { refresh, item, root, head, content, unmount };
}

/** How far the content is pulled down now (its transform), 0 at rest. */
function offsetOf(content: HTMLElement) {
  const match = /translate3d\(0(?:px)?, ([\d.]+)px/.exec(content.style.transform);
  return match ? Number(match[1]) : 0;
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

describe('PullRefresh', () => {
  it('keeps the specification’s height and range', () => {
    expect(PULL_REFRESH_HEIGHT).toBe(70);
    expect(PULL_REFRESH_RANGE).toBe(150);
  });

  it('says nothing, moves nothing and needs no transform at rest; the head is a polite live region', () => {
    const { head, content, root } = setup();
    expect(head).toHaveAttribute('aria-live', 'polite');
    expect(head).toHaveTextContent('');
    expect(content.style.transform).toBe('');
    expect(root).toHaveClass('pull-refresh');
  });

  it('follows the finger, damped, and springs back without refreshing when let go under 70 px', async () => {
    const { refresh, item, head, content } = setup();
    const seen: number[] = [];
    act(() => {
      item.dispatchEvent(touchEvent('touchstart', [{ x: 100, y: 200 }]));
    });
    let y = 200;
    for (let i = 0; i < 4; i += 1) {
      y += 30;
      const move = touchEvent('touchmove', [{ x: 100, y }]);
      act(() => {
        item.dispatchEvent(move);
      });
      expect(move.defaultPrevented).toBe(true);
      seen.push(offsetOf(content));
    }
    // Damped: less than the finger's travel, growing with it, still under the head's height.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[3]).toBeGreaterThan(0);
    expect(seen[3]).toBeLessThan(120);
    expect(seen[3]).toBeLessThan(PULL_REFRESH_HEIGHT);
    expect(head).toHaveTextContent(PULLING);
    act(() => {
      item.dispatchEvent(touchEvent('touchend', []));
    });
    await waitFor(() => expect(head).toHaveTextContent(''));
    expect(content.style.transform).toBe('');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('never pulls the content past the range however far the finger goes', () => {
    const { item, content } = setup();
    act(() => {
      item.dispatchEvent(touchEvent('touchstart', [{ x: 100, y: 0 }]));
    });
    act(() => {
      item.dispatchEvent(touchEvent('touchmove', [{ x: 100, y: 3000 }]));
    });
    expect(offsetOf(content)).toBe(PULL_REFRESH_RANGE);
  });

  it('refreshes once when let go past 70 px: pulling, can release, refreshing, complete, then gone', async () => {
    let finish: () => void = () => undefined;
    const { refresh, item, head, content } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    const texts: string[] = [];
    const note = () => {
      const text = head.textContent ?? '';
      if (texts.at(-1) !== text) texts.push(text);
    };

    // As e2e/withdraw.journey.spec.ts pulls: 360 px in 12 moves.
    drag(item, { x: 187, y: 220 }, down(30, 12), note);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(head).toHaveTextContent(REFRESHING);
    await waitFor(() => expect(offsetOf(content)).toBe(PULL_REFRESH_HEIGHT));

    // A second pull while it refreshes does nothing.
    const moves = drag(item, { x: 187, y: 220 }, down(30, 12));
    expect(moves.some((move) => move.defaultPrevented)).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(offsetOf(content)).toBe(PULL_REFRESH_HEIGHT);

    await act(async () => finish());
    note();
    expect(head).toHaveTextContent(COMPLETE);
    // Held at 70 px a moment, then folding away (with the complete text) and gone.
    expect(offsetOf(content)).toBe(PULL_REFRESH_HEIGHT);
    await waitFor(() => expect(content.style.transform).toBe(''), { timeout: 3_000 });
    note();
    await waitFor(() => expect(head).toHaveTextContent(''), { timeout: 3_000 });
    note();
    expect(texts).toEqual(['', PULLING, CAN_RELEASE, REFRESHING, COMPLETE, '']);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not pull when the page is scrolled down, and leaves its scrolling alone', () => {
    Object.defineProperty(window, 'scrollY', { value: 240, configurable: true, writable: true });
    const { refresh, item, head, content } = setup();
    const moves = drag(item, { x: 187, y: 220 }, down(30, 12));
    expect(moves.some((move) => move.defaultPrevented)).toBe(false);
    expect(head).toHaveTextContent('');
    expect(content.style.transform).toBe('');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('does not pull when a scrolling box around the touch is scrolled down', () => {
    const { refresh, item, content } = setup();
    const box = item.parentElement!;
    box.style.overflowY = 'auto';
    Object.defineProperty(box, 'scrollTop', { value: 80, configurable: true });
    drag(item, { x: 187, y: 220 }, down(30, 12));
    expect(content.style.transform).toBe('');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('leaves a sideways swipe (a carousel) alone, even one drifting downwards', () => {
    const { refresh, item, head, content } = setup();
    const moves = drag(item, { x: 300, y: 220 }, [
      { dx: -30, dy: 10 },
      { dx: -40, dy: 20 },
      { dx: -40, dy: 30 },
      { dx: -40, dy: 40 },
    ]);
    expect(moves.some((move) => move.defaultPrevented)).toBe(false);
    expect(head).toHaveTextContent('');
    expect(content.style.transform).toBe('');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('leaves an upward scroll alone', () => {
    const { refresh, item, content } = setup();
    const moves = drag(item, { x: 187, y: 500 }, down(-30, 8));
    expect(moves.some((move) => move.defaultPrevented)).toBe(false);
    expect(content.style.transform).toBe('');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('folds away when onRefresh fails, and can be pulled again', async () => {
    const { refresh, item, head, content } = setup(() => Promise.reject(new Error('offline')));
    drag(item, { x: 187, y: 220 }, down(30, 12));
    expect(refresh).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(head).toHaveTextContent(''), { timeout: 3_000 });
    expect(content.style.transform).toBe('');
    expect(head).not.toHaveTextContent(COMPLETE);

    drag(item, { x: 187, y: 220 }, down(30, 12));
    expect(refresh).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(head).toHaveTextContent(''), { timeout: 3_000 });
  });

  it('with reduced motion asked for, springs back at once', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList,
    );
    const { item, head, content } = setup();
    drag(item, { x: 187, y: 220 }, down(20, 3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(head).toHaveTextContent('');
    expect(content.style.transform).toBe('');
  });

  it('can be unmounted mid-pull and mid-refresh without a later update', async () => {
    const error = vi.spyOn(console, 'error');
    let finish: () => void = () => undefined;
    const first = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    drag(first.item, { x: 187, y: 220 }, down(30, 12));
    first.unmount();
    await act(async () => finish());
    const second = setup();
    act(() => {
      second.item.dispatchEvent(touchEvent('touchstart', [{ x: 187, y: 220 }]));
      second.item.dispatchEvent(touchEvent('touchmove', [{ x: 187, y: 300 }]));
    });
    second.unmount();
    const late = touchEvent('touchmove', [{ x: 187, y: 400 }]);
    second.item.dispatchEvent(late);
    expect(late.defaultPrevented).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(error).not.toHaveBeenCalled();
  });
});
