export interface LoadingIndicator {
  show(): void;
  hide(): void;
}

export interface LoadingCounter {
  start(): void;
  finish(): void;
  readonly count: number;
}

/** Counts the calls that asked for an indicator: it shows on the first and hides when none is left. */
export function createLoadingCounter(indicator: LoadingIndicator): LoadingCounter {
  let count = 0;
  return {
    start() {
      count += 1;
      if (count === 1) indicator.show();
    },
    finish() {
      if (count === 0) return;
      count -= 1;
      if (count === 0) indicator.hide();
    },
    get count() {
      return count;
    },
  };
}
