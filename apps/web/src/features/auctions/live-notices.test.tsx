import type { MemberNotice } from '@antique/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useState, type ReactElement } from 'react';
import { queryClient } from '../../lib/query-client';
import { endSession } from '../member/session.actions';
import { setToken } from '../../lib/token-storage';
import { flush, holdIdleCallbacks, idle, renderInFrame } from '../../test/live-frame';
import { useLotStream } from './use-lot-stream';

/** One connection the app opened: what it asked for, and a way to send it events. */
interface Connection {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  send(event: string, data: unknown): void;
}

/** The server's live stream: each request stays open until the app aborts it. */
function stubStream(): Connection[] {
  const connections: Connection[] = [];
  const encoder = new TextEncoder();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      let stream!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) });
      const signal = init.signal!;
      signal.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError')));
      connections.push({
        url,
        headers: init.headers as Record<string, string>,
        signal,
        send: (event, data) => stream.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
      });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
    }),
  );
  return connections;
}

const open = (connections: Connection[]) => connections.filter((c) => !c.signal.aborted);

beforeEach(holdIdleCallbacks);

/** A page at `entry` inside the app's frame. */
const renderApp = (page: ReactElement, entry: string) => renderInFrame([{ path: entry, element: page }], entry);

function LotShelf({ ids }: { ids: number[] }) {
  useLotStream(ids);
  return <p>拍品 {ids.join('、')}</p>;
}

/** A lot page whose second shelf (another lot) appears when asked. */
function LotPage() {
  const [more, setMore] = useState(false);
  return (
    <>
      <LotShelf ids={[7]} />
      {more ? <LotShelf ids={[8, 7]} /> : <button onClick={() => setMore(true)}>更多拍品</button>}
    </>
  );
}

let at = 1_760_000_000_000;
const outbid = (lotId: number): MemberNotice => ({ kind: 'outbid', lotId, title: '清乾隆 青花缠枝莲纹梅瓶', at: at++ });

describe('the member’s notices on every page', () => {
  it('arrive on a page without lots, once the first screen is idle, and open the lot when tapped', async () => {
    setToken('member-token');
    const connections = stubStream();
    const router = renderApp(<p>商城</p>, '/pages/mall/mall');
    await flush();
    expect(connections).toHaveLength(0);

    idle();
    await waitFor(() => expect(connections).toHaveLength(1));
    expect(connections[0]!.url).toBe('/v1/iyd/auction/stream');
    expect(connections[0]!.headers.Authorization).toBe('Bearer member-token');

    connections[0]!.send('notice', outbid(3));
    const notice = await screen.findByTestId('live-notice');
    expect(notice).toHaveTextContent('您的出价已被超越');
    expect(notice).toHaveTextContent('您在「清乾隆 青花缠枝莲纹梅瓶」的出价已被超过');

    await userEvent.click(screen.getByText(/的出价已被超过/));
    expect(router.state.location.pathname).toBe('/pages/auction/auction');
    expect(router.state.location.search).toBe('?id=3');
    expect(screen.queryByTestId('live-notice')).not.toBeInTheDocument();
  });

  it('lead a won lot to its order, and a shipped piece to the shipped pick-ups', async () => {
    setToken('member-token');
    const connections = stubStream();
    const router = renderApp(<p>我的</p>, '/pages/my/my');
    idle();
    await waitFor(() => expect(connections).toHaveLength(1));

    connections[0]!.send('notice', { kind: 'won', lotId: 3, orderId: 41, title: '宋 汝窑天青釉洗', at: at++ });
    await userEvent.click(await screen.findByText('您已拍得「宋 汝窑天青釉洗」，请在时限内付款'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/pages/order/order?id=41');

    connections[0]!.send('notice', { kind: 'shipped', pickId: 9, title: '明 黄花梨笔筒', at: at++ });
    await userEvent.click(await screen.findByText('「明 黄花梨笔筒」已发货，点此查看'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/pages/pick-list/pick-list?status=shipped',
    );

    connections[0]!.send('notice', { kind: 'shipped', pickId: 10, title: '清 竹雕笔筒', count: 3, at: at++ });
    expect(await screen.findByText('「清 竹雕笔筒」等 3 件藏品已发货，点此查看')).toBeInTheDocument();
  });

  it('bump 我的’s unread count and the message list: every notice is kept as a message', async () => {
    setToken('member-token');
    const connections = stubStream();
    renderApp(<p>我的</p>, '/pages/my/my');
    idle();
    await waitFor(() => expect(connections).toHaveLength(1));
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    connections[0]!.send('notice', { kind: 'watch_start', lotId: 5, title: '元 青花罐', at: at++ });
    await screen.findByTestId('live-notice');
    const keys = invalidated.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(['member', 'info']);
    expect(keys).toContainEqual(['message']);
    invalidated.mockRestore();
  });

  it('never opens a stream for a guest on a page without lots', async () => {
    const connections = stubStream();
    renderApp(<p>商城</p>, '/pages/mall/mall');
    idle();
    await flush();
    expect(connections).toHaveLength(0);
  });

  it('come once with a lot page open: its lots ride the same connection', async () => {
    setToken('member-token');
    const connections = stubStream();
    renderApp(<LotPage />, '/pages/auction/auction');
    idle();
    await waitFor(() => expect(connections).toHaveLength(1));
    expect(connections[0]!.url).toBe('/v1/iyd/auction/stream?ids=7');

    // Another part of the page follows another lot: one connection again, carrying both.
    await userEvent.click(screen.getByRole('button', { name: '更多拍品' }));
    await waitFor(() => expect(connections).toHaveLength(2));
    expect(connections[1]!.url).toBe('/v1/iyd/auction/stream?ids=7,8');
    expect(open(connections)).toHaveLength(1);

    const notice = outbid(7);
    open(connections)[0]!.send('notice', notice);
    expect(await screen.findAllByTestId('live-notice')).toHaveLength(1);

    // The same notice again (a retry, another stream) is not shown a second time.
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    open(connections)[0]!.send('notice', notice);
    await flush();
    expect(screen.queryByTestId('live-notice')).not.toBeInTheDocument();
  });

  it('are closed at logout', async () => {
    setToken('member-token');
    const connections = stubStream();
    renderApp(<p>首页</p>, '/pages/index/index');
    idle();
    await waitFor(() => expect(connections).toHaveLength(1));
    connections[0]!.send('notice', outbid(5));
    await screen.findByTestId('live-notice');

    act(() => endSession());
    expect(connections[0]!.signal.aborted).toBe(true);
    expect(screen.queryByTestId('live-notice')).not.toBeInTheDocument();
    await flush();
    expect(connections).toHaveLength(1);

    // Signed in again: the stream comes back for the new member.
    act(() => setToken('next-member'));
    await waitFor(() => expect(connections).toHaveLength(2));
    expect(connections[1]!.headers.Authorization).toBe('Bearer next-member');
  });
});
