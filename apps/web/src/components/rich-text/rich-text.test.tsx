import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RichText } from './rich-text';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
type Observer = { callback: Callback; margin?: string; live: boolean };

let observers: Observer[] = [];
const live = (margin: string) => observers.filter((o) => o.live && o.margin === margin);

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: Observer;
      constructor(callback: Callback, options?: { rootMargin?: string }) {
        this.entry = { callback, margin: options?.rootMargin, live: true };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.live = false;
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const HTML = '<p>康熙年间官窑</p><img src="x" onerror="alert(1)">';

describe('rich text', () => {
  it('shows grey lines until it is on the screen, then the text made safe', async () => {
    render(<RichText html={HTML} lines={3} testId="description" />);
    expect(screen.queryByTestId('description')).toBeNull();
    expect(live('0px')).toHaveLength(1);
    act(() => live('0px')[0]!.callback([{ isIntersecting: true }]));
    const text = await screen.findByTestId('description');
    expect(text).toHaveTextContent('康熙年间官窑');
    expect(text.innerHTML).not.toContain('onerror');
  });

  it('once the page is touched, loads a screen ahead of being seen', async () => {
    render(<RichText html={HTML} lines={3} testId="description" />);
    // Before any touch, only the screen itself counts.
    expect(live('0px 0px 100% 0px')).toHaveLength(0);
    act(() => window.dispatchEvent(new Event('pointerdown')));
    await vi.waitFor(() => expect(live('0px 0px 100% 0px')).toHaveLength(1));
    expect(live('0px')).toHaveLength(0);
    act(() => live('0px 0px 100% 0px')[0]!.callback([{ isIntersecting: true }]));
    expect(await screen.findByTestId('description')).toHaveTextContent('康熙年间官窑');
  });
});
