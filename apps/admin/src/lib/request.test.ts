import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { ApiError, onSessionEnded, request } from './request';
import { readToken, saveToken } from './token-storage';

describe('request', () => {
  it('returns the envelope data on code 200 and sends the operator token', async () => {
    saveToken('tok-1');
    const { calls } = fakeApi(() => ({ data: { id: 7, username: 'li' } }));

    await expect(request('GET', '/me')).resolves.toEqual({ id: 7, username: 'li' });
    expect(calls[0]?.url.pathname).toBe('/v1/admin/me');
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('puts defined query values in the URL and leaves empty ones out', async () => {
    const { calls } = fakeApi(() => ({ data: { list: [] } }));

    await request('GET', '/members', { query: { keyword: '', page: 2, pageSize: 20, status: undefined } });
    expect(calls[0]?.url.search).toBe('?page=2&pageSize=20');
  });

  it('throws the server msg and data.reason on a 4xx envelope', async () => {
    saveToken('tok-1');
    fakeApi(() => ({ code: 422, msg: '余额不足', data: { reason: 'INSUFFICIENT_BALANCE' } }));

    const error = await request('POST', '/members/1/deposit', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 422, message: '余额不足', reason: 'INSUFFICIENT_BALANCE' });
    expect(readToken()).toBe('tok-1');
  });

  it('reads the envelope, not the HTTP status: a 200 status with code 409 still fails', async () => {
    fakeApi(() => ({ status: 200, code: 409, msg: '状态已变化', data: null }));

    await expect(request('GET', '/x')).rejects.toMatchObject({ code: 409, message: '状态已变化', reason: undefined });
  });

  it('clears the token and tells the auth layer once on 301', async () => {
    saveToken('stale');
    fakeApi(() => ({ code: 301, msg: '请先登录', data: { reason: 'UNAUTHENTICATED' } }));
    const listener = vi.fn();
    const unsubscribe = onSessionEnded(listener);

    const results = await Promise.allSettled([request('GET', '/me'), request('GET', '/members')]);
    unsubscribe();

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(readToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[0]).toMatchObject({ code: 301, reason: 'UNAUTHENTICATED' });
  });

  it('treats 302 (session revoked) like 301', async () => {
    saveToken('revoked');
    fakeApi(() => ({ code: 302, msg: '登录已失效', data: { reason: 'SESSION_EXPIRED' } }));

    await expect(request('GET', '/me')).rejects.toMatchObject({ code: 302, sessionEnded: true });
    expect(readToken()).toBeNull();
  });

  it('sends the Idempotency-Key and a JSON body on a money-moving POST', async () => {
    const { calls } = fakeApi(() => ({ data: { id: 1 } }));

    await request('POST', '/members/3/deposit', {
      body: { amount: 100050, remark: '工行转账' },
      idempotencyKey: 'k-1',
    });
    expect(calls[0]?.headers['Idempotency-Key']).toBe('k-1');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ amount: 100050, remark: '工行转账' });
  });

  it('turns a non-JSON answer (a proxy error page) into a readable error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })),
    );

    await expect(request('GET', '/me')).rejects.toMatchObject({ code: 500, message: '系统繁忙，请稍后再试' });
  });

  it('reports a network failure without an envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await expect(request('GET', '/me')).rejects.toMatchObject({ code: 0, message: '网络连接失败，请检查网络后重试' });
  });
});
