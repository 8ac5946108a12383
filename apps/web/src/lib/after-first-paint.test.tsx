import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from './after-first-paint';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('what renders after the first paint', () => {
  it('renders after the first paint, not with it', async () => {
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    await act(nextFrame);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current).toBe(true);
  });

  it('does nothing for a page left before its first frame', async () => {
    const { result, unmount } = renderHook(() => useAfterFirstPaint());
    unmount();
    await nextFrame();
    expect(result.current).toBe(false);
  });

  it('waits for what it is told to wait for, then for a frame after it', async () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterFirstPaint(ready), {
      initialProps: { ready: false },
    });
    await act(nextFrame);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    await act(nextFrame);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current).toBe(true);
  });
});
