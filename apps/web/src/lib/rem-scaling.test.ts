import { describe, expect, it } from 'vitest';
import { installRemScaling, rootFontSize } from './rem-scaling';

describe('rem scaling', () => {
  it('is the window width over 23.4375, capped at 960 px', () => {
    expect(rootFontSize(375)).toBe(16);
    expect(rootFontSize(750)).toBe(32);
    expect(rootFontSize(960)).toBeCloseTo(40.96);
    expect(rootFontSize(1920)).toBeCloseTo(40.96);
  });

  it('follows the window as it is resized', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375, writable: true });
    const stop = installRemScaling();
    expect(document.documentElement.style.fontSize).toBe('16px');
    window.innerWidth = 414;
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe(`${414 / 23.4375}px`);
    stop();
  });
});
