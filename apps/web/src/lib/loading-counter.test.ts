import { describe, expect, it, vi } from 'vitest';
import { createLoadingCounter } from './loading-counter';

describe('loading counter', () => {
  it('shows on the first request and hides when the count returns to zero', () => {
    const show = vi.fn();
    const hide = vi.fn();
    const counter = createLoadingCounter({ show, hide });
    counter.start();
    counter.start();
    counter.start();
    expect(show).toHaveBeenCalledTimes(1);
    expect(counter.count).toBe(3);
    counter.finish();
    counter.finish();
    expect(hide).not.toHaveBeenCalled();
    counter.finish();
    expect(hide).toHaveBeenCalledTimes(1);
    expect(counter.count).toBe(0);
  });

  it('shows again for the next burst and never goes below zero', () => {
    const show = vi.fn();
    const hide = vi.fn();
    const counter = createLoadingCounter({ show, hide });
    counter.finish();
    expect(hide).not.toHaveBeenCalled();
    counter.start();
    counter.finish();
    counter.start();
    counter.finish();
    expect(show).toHaveBeenCalledTimes(2);
    expect(hide).toHaveBeenCalledTimes(2);
    expect(counter.count).toBe(0);
  });
});
