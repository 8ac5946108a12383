import { layoutMaxWidth } from './layout-width';

/** Design width the rem values are written for. */
export const BASE_WIDTH = 375;
const DIVISOR = 23.4375; // 375 / 23.4375 = 16 px per rem at the base width

/** The specification's root font size, the window's width over 23.4375, bounded by the layout's maximum width. */
export function rootFontSize(windowWidth: number, maxWidth = layoutMaxWidth()): number {
  return Math.min(windowWidth, maxWidth) / DIVISOR;
}

/**
 * Keeps the root font size in step with the window, and gives the stylesheets the layout's
 * maximum width (`--content-max`: the column, fixed bars, sheets); returns the function that stops it.
 */
export function installRemScaling(maxWidth = layoutMaxWidth()): () => void {
  const root = document.documentElement;
  root.style.setProperty('--content-max', `${maxWidth}px`);
  // The layout viewport's width: a pinch zoom changes the visual viewport only, so the page
  // zooms instead of being laid out again at the zoomed width.
  const apply = () => {
    const width = root.clientWidth || window.innerWidth;
    root.style.fontSize = `${rootFontSize(width, maxWidth)}px`;
  };
  apply();
  window.addEventListener('resize', apply);
  window.addEventListener('orientationchange', apply);
  return () => {
    window.removeEventListener('resize', apply);
    window.removeEventListener('orientationchange', apply);
  };
}
