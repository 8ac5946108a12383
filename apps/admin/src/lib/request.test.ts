import { describe, expect, it, vi } from 'vitest';
import { accountsApi, catalogueApi, ordersApi, walletApi } from '@antique/shared/routes';
import { fakeApi } from '../test/fake-api';
import { ApiError, call, onSessionEnded, request } from './request';
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

describe('call', () => {
  it('fills the path from the input and sends the rest of a GET as the query', async () => {
    saveToken('tok-2');
    const { calls } = fakeApi(() => ({ data: { id: 41, orderNo: 'M1' } }));

    await expect(call(ordersApi.adminInfo, { id: 41 })).resolves.toEqual({ id: 41, orderNo: 'M1' });
    await call(accountsApi.adminList, { keyword: '', page: 2, pageSize: 20 });

    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      'GET /v1/admin/orders/41',
      'GET /v1/admin/members?page=2&pageSize=20',
    ]);
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-2');
    expect(calls[0]?.body).toBeUndefined();
  });

  it('sends the rest of a PUT as its JSON body, without the path parameter', async () => {
    const { calls } = fakeApi(() => ({ data: { id: 3, name: '瓷器' } }));

    await call(catalogueApi.adminUpdateCategory, { id: 3, name: '瓷器', icon: '', parentId: null, sort: 1 });

    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url.pathname).toBe('/v1/admin/categories/3');
    expect(calls[0]?.body).toEqual({ name: '瓷器', icon: '', parentId: null, sort: 1 });
  });

  it('sends a DELETE with neither query nor body', async () => {
    const { calls } = fakeApi(() => ({ data: null }));

    await call(catalogueApi.adminDeleteBanner, { id: 5 });

    expect(`${calls[0]?.method} ${calls[0]?.url.pathname}${calls[0]?.url.search}`).toBe('DELETE /v1/admin/banners/5');
    expect(calls[0]?.body).toBeUndefined();
  });

  it('sends the Idempotency-Key it is given on a money-moving call', async () => {
    const { calls } = fakeApi(() => ({ data: { id: 1 } }));

    await call(walletApi.adminDeposit, { id: 3, amount: 100050, remark: '工行转账' }, { idempotencyKey: 'k-2' });

    expect(calls[0]?.url.pathname).toBe('/v1/admin/members/3/deposit');
    expect(calls[0]?.headers['Idempotency-Key']).toBe('k-2');
    expect(calls[0]?.body).toEqual({ amount: 100050, remark: '工行转账' });
  });

  it('fails as request does: the server msg, and the session ended on 301', async () => {
    saveToken('stale');
    fakeApi(() => ({ code: 301, msg: '请先登录', data: { reason: 'UNAUTHENTICATED' } }));
    const listener = vi.fn();
    const off = onSessionEnded(listener);

    await expect(call(ordersApi.adminInfo, { id: 1 })).rejects.toMatchObject({ code: 301, message: '请先登录' });
    off();
    expect(readToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses a member endpoint, a file endpoint and a missing path parameter, calling nothing', async () => {
    const { calls } = fakeApi(() => ({ data: null }));

    await expect(call(ordersApi.info, { id: 1 })).rejects.toThrow("is not an operators' endpoint");
    await expect(call(ordersApi.adminExport, {})).rejects.toThrow('use download()');
    await expect(call(ordersApi.adminInfo, { id: undefined as unknown as number })).rejects.toThrow(
      'missing path parameter id',
    );
    expect(calls).toHaveLength(0);
  });
});
