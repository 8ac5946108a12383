import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: FakeCall) => { status?: number; code?: number; msg?: string; data?: unknown } | undefined;

/**
 * Stubs fetch with envelope answers, the way the server sends them: the HTTP status
 * mirrors the code's class and the body is always `{ code, msg, data }`; `calls` are the
 * requests that reached the server.
 */
export function fakeApi(handler: Handler) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // As a real fetch: a request aborted before the server answers never reaches it. Under
    // StrictMode a query that mounts twice aborts its first read and reads again.
    await Promise.resolve();
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      url,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = handler(call) ?? { code: 404, msg: '未找到', data: null };
    const code = answer.code ?? 200;
    const status = answer.status ?? (code === 200 ? 200 : code === 301 || code === 302 ? 401 : code);
    return new Response(
      JSON.stringify({ code, msg: answer.msg ?? (code === 200 ? 'ok' : 'error'), data: answer.data ?? null }),
      {
        status,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
