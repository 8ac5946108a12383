import { describe, expect, it, vi } from 'vitest';
import { whenTouched } from './when-touched';

describe('code loaded at the first touch', () => {
  it('waits for the first touch, runs each waiting call once, and not a cancelled one', () => {
    const first = vi.fn();
    const second = vi.fn();
    const cancelled = vi.fn();
    whenTouched(first);
    whenTouched(second);
    whenTouched(cancelled)();
    expect(first).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('once touched, runs when the page is idle', async () => {
    const later = vi.fn();
    whenTouched(later);
    expect(later).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(later).toHaveBeenCalledTimes(1));
  });
});
