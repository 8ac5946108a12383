import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { setToken } from '../../lib/token-storage';
import { LiveNotices } from './live-notices';
import { useLotStream } from './use-lot-stream';

// How often the stream's code (the layer, its client, the notice bar) was loaded.
const layer = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./live-notice-layer', async (importOriginal) => {
  layer.loads++;
  return importOriginal();
});

let idleCallbacks: IdleRequestCallback[];
const idle = () =>
  act(() => idleCallbacks.splice(0).forEach((run) => run({ didTimeout: false, timeRemaining: () => 50 })));
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const streams: string[] = [];

beforeEach(() => {
  idleCallbacks = [];
  streams.length = 0;
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn((run: IdleRequestCallback) => idleCallbacks.push(run)),
  );
  vi.stubGlobal('cancelIdleCallback', vi.fn());
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
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Outlet />
              <LiveNotices />
            </>
          ),
          children: [
            { path: '/pages/login/login', element: <p>登录</p> },
            { path: '/pages/auction/auction', element: <LotShelf /> },
          ],
        },
      ],
      { initialEntries: ['/pages/login/login'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
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
