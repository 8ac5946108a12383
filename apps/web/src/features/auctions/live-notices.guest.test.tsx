import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage';
import { flush, holdIdleCallbacks, idle, renderInFrame } from '../../test/live-frame';
import { LiveNotices } from './live-notices';
import { useLotStream } from './use-lot-stream';

// How often the stream's code (the layer, its client, the notice bar) was loaded.
const layer = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./live-notice-layer', async (importOriginal) => {
  layer.loads++;
  return importOriginal();
});

const streams: string[] = [];

beforeEach(() => {
  holdIdleCallbacks();
  streams.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      streams.push(url);
      return Promise.resolve(
        new Response(new ReadableStream(), { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
      );
    }),
  );
});

function LotShelf() {
  useLotStream([7]);
  return <p>拍品 7</p>;
}

describe('the live stream’s code for a guest', () => {
  it('is not loaded on a page without lots (signing in), and is once a page shows lots or the guest signs in', async () => {
    const router = renderInFrame(
      [
        { path: '/pages/login/login', element: <p>登录</p> },
        { path: '/pages/auction/auction', element: <LotShelf /> },
      ],
      '/pages/login/login',
    );
    idle();
    await flush();
    expect(layer.loads).toBe(0);
    expect(streams).toEqual([]);

    await act(() => router.navigate('/pages/auction/auction'));
    expect(await screen.findByText('拍品 7')).toBeInTheDocument();
    await waitFor(() => expect(streams).toEqual(['/v1/iyd/auction/stream?ids=7']));
    expect(layer.loads).toBe(1);
  });

  it('is loaded when the guest signs in on a page without lots', async () => {
    render(<LiveNotices />);
    idle();
    await flush();
    expect(streams).toEqual([]);
    act(() => setToken('member-token'));
    await waitFor(() => expect(streams).toEqual(['/v1/iyd/auction/stream']));
  });
});
