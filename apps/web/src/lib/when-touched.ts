import { whenLoadedAndIdle } from './when-loaded-and-idle';

const EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;
const waiting = new Set<() => void>();
let touched = false;

function onFirstTouch() {
  touched = true;
  for (const name of EVENTS) window.removeEventListener(name, onFirstTouch, true);
  const runs = [...waiting];
  waiting.clear();
  for (const run of runs) run();
}

/**
 * Calls `run` at the member's first touch, click or key on the page, or, once they have
 * touched it, when the page is loaded and idle; returns the function that cancels it. For code
 * only a tap can need (a sheet, a keypad): it loads while the finger is still down, and a
 * page that nobody touches never loads it.
 */
export function whenTouched(run: () => void): () => void {
  if (touched) return whenLoadedAndIdle(run);
  waiting.add(run);
  // Adding the same listener again is a no-op: one set, however many wait.
  for (const name of EVENTS) window.addEventListener(name, onFirstTouch, { capture: true, passive: true });
  return () => {
    waiting.delete(run);
  };
}
