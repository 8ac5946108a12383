/** Whether the member asked the system for less motion: then things jump instead of gliding. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
