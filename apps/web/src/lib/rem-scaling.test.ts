import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_MAX_WIDTH, layoutMaxWidth } from './layout-width';
import { installRemScaling, rootFontSize } from './rem-scaling';

afterEach(() => {
  document.documentElement.style.removeProperty('--content-max');
  document.documentElement.style.fontSize = '';
});

describe('rem scaling', () => {
  it('is the window width over 23.4375 up to the layout’s maximum width, then stays', () => {
    expect(DEFAULT_LAYOUT_MAX_WIDTH).toBe(480);
    expect(rootFontSize(375)).toBe(16);
    expect(rootFontSize(414)).toBeCloseTo(17.664);
    expect(rootFontSize(480)).toBeCloseTo(20.48);
    // A desktop window: a phone-sized column, not a 960 px one scaled 2.5 times.
    expect(rootFontSize(1280)).toBeCloseTo(20.48);
    expect(rootFontSize(1920)).toBeCloseTo(20.48);
    expect(rootFontSize(1280, 540)).toBeCloseTo(23.04);
  });

  it('takes the maximum width from the configuration, refusing what is not a width', () => {
    expect(layoutMaxWidth(undefined)).toBe(480);
    expect(layoutMaxWidth('540')).toBe(540);
    for (const bad of ['', 'wide', '100', '4000', '500.5']) expect(layoutMaxWidth(bad), bad).toBe(480);
  });

  it('follows the window as it is resized, and gives the stylesheets the same maximum', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375, writable: true });
    const stop = installRemScaling();
    expect(document.documentElement.style.fontSize).toBe('16px');
    expect(document.documentElement.style.getPropertyValue('--content-max')).toBe('480px');
    window.innerWidth = 414;
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe(`${414 / 23.4375}px`);
    window.innerWidth = 1280;
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe(`${480 / 23.4375}px`);
    stop();
  });
});
