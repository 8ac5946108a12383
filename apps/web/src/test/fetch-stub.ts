import { vi } from 'vitest';

export interface StubbedCall {
  url: string;
  init: RequestInit;
}

/** An envelope answer as the server sends it: the HTTP status mirrors the code's class. */
export function envelopeResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** Replaces `fetch` with one that answers every call through `answer`, and records the calls. */
export function stubFetch(answer: (call: StubbedCall) => Response | Promise<Response>) {
  const calls: StubbedCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A fetch that never answers until its signal aborts, as a stalled connection does. */
export function stubHangingFetch() {
  const fetchMock = vi.fn(
    (_input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
