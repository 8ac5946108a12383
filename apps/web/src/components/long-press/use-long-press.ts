import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/** The specification's long press: fires after 350 ms, cancelled by moving more than 10 px. */
export const LONG_PRESS_MS = 350;
export const LONG_PRESS_MOVE_PX = 10;

export interface LongPressHandlers {
  onPointerDown(event: PointerEvent): void;
  onPointerMove(event: PointerEvent): void;
  onPointerUp(): void;
  onPointerCancel(): void;
  onPointerLeave(): void;
  onContextMenu(event: MouseEvent): void;
  /** Swallows the click that ends a long press, so the card does not also open. */
  onClickCapture(event: MouseEvent): void;
}

/** Pointer handlers that call `onLongPress` when a press is held 350 ms within 10 px of where it began. */
export function useLongPress(onLongPress: () => void): LongPressHandlers {
  const callback = useRef(onLongPress);
  callback.current = onLongPress;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    origin.current = null;
  };

  useEffect(() => cancel, []);

  return {
    onPointerDown(event) {
      if (event.button !== undefined && event.button !== 0) return;
      cancel();
      fired.current = false;
      origin.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        origin.current = null;
        fired.current = true;
        callback.current();
      }, LONG_PRESS_MS);
    },
    onPointerMove(event) {
      const start = origin.current;
      if (!start) return;
      if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > LONG_PRESS_MOVE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu(event) {
      // The browser's own long-press menu would cover ours.
      event.preventDefault();
    },
    onClickCapture(event) {
      if (!fired.current) return;
      fired.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
