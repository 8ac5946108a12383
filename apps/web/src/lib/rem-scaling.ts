/** Design width the rem values are written for, and the widest screen that still scales. */
export const BASE_WIDTH = 375;
export const MAX_WIDTH = 960;
const DIVISOR = 23.4375; // 375 / 23.4375 = 16 px per rem at the base width

export function rootFontSize(windowWidth: number): number {
  return Math.min(windowWidth, MAX_WIDTH) / DIVISOR;
}

/** Keeps the root font size in step with the window; returns the function that stops it. */
export function installRemScaling(): () => void {
  // The layout viewport's width: a pinch zoom changes the visual viewport only, so the page
  // zooms instead of being laid out again at the zoomed width.
  const apply = () => {
    const width = document.documentElement.clientWidth || window.innerWidth;
    document.documentElement.style.fontSize = `${rootFontSize(width)}px`;
  };
  apply();
  window.addEventListener('resize', apply);
  window.addEventListener('orientationchange', apply);
  return () => {
    window.removeEventListener('resize', apply);
    window.removeEventListener('orientationchange', apply);
  };
}
