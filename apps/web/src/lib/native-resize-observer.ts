/** The browser's own ResizeObserver, in place of `resize-observer-polyfill` in the build (vite.config.ts). */
export default globalThis.ResizeObserver;
