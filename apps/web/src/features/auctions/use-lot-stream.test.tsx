import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onWatchedLotsChange, useLotStream, watchedLotIds } from './use-lot-stream';

describe('the lots a page follows', () => {
  it('are added to the app’s stream while the page is shown, once each', () => {
    const changed = vi.fn();
    const stop = onWatchedLotsChange(changed);
    const first = renderHook(() => useLotStream([5, 3, 5, 0]));
    const second = renderHook(() => useLotStream([3, 9]));
    renderHook(() => useLotStream([]));
    expect(watchedLotIds()).toEqual([3, 5, 9]);
    first.unmount();
    expect(watchedLotIds()).toEqual([3, 9]);
    second.unmount();
    expect(watchedLotIds()).toEqual([]);
    expect(changed).toHaveBeenCalledTimes(4);
    stop();
  });
});
