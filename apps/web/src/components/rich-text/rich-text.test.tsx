import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichText } from './rich-text';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

afterEach(() => vi.unstubAllGlobals());

describe('rich text', () => {
  it('waits until it comes near the screen, then shows the text made safe', async () => {
    const observers: Array<{ callback: Callback; margin?: string }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Callback, options?: { rootMargin?: string }) {
          observers.push({ callback, margin: options?.rootMargin });
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<RichText html={'<p>康熙年间官窑</p><img src="x" onerror="alert(1)">'} lines={3} testId="description" />);
    expect(screen.queryByTestId('description')).toBeNull();
    expect(observers[0]?.margin).toBe('0px 0px 100% 0px');
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    const text = await screen.findByTestId('description');
    expect(text).toHaveTextContent('康熙年间官窑');
    expect(text.innerHTML).not.toContain('onerror');
  });
});
