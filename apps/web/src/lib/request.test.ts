import { accountsApi, addressesApi, catalogueApi, ordersApi } from '@antique/shared/routes';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, stubFetch, stubHangingFetch } from '../test/fetch-stub';
import { useClockStore } from './clock.store';
import { changeLocale } from './i18n';
import { createLoadingCounter } from './loading-counter';
import { API_BASE, call, request, REQUEST_TIMEOUT_MS, setLoadingCounter, setSessionEndedHandler } from './request';
import { ERR_CODE_ABORT, ERR_CODE_TIMEOUT, RequestError } from './request-error';
import { getToken, setToken, TOKEN_KEY } from './token-storage';

const indicator = { show: vi.fn(), hide: vi.fn() };

async function rejectionOf(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
  indicator.show.mockReset();
  indicator.hide.mockReset();
  setLoadingCounter(createLoadingCounter(indicator));
  setSessionEndedHandler(() => undefined);
});

describe('request layer: what it sends', () => {
  it('sends GET data as the query under /v1/iyd, with no body and no JSON content type', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: { id: 'agreement' } }));
    const data = await request<{ id: string }>('/rule', {
      method: 'GET',
      data: { id: 'agreement', page: 2, skip: undefined },
    });
    expect(data).toEqual({ id: 'agreement' });
    expect(calls[0]?.url).toBe('/v1/iyd/rule?id=agreement&page=2');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('sends POST, PUT and DELETE data as a JSON body with a JSON content type', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: null }));
    await request('/member/login', { method: 'POST', data: { phone: '13800138000', password: 'abc12345' } });
    await request('/address', { method: 'PUT', data: { id: 1 } });
    await request('/address/7', { method: 'DELETE' });
    expect(calls.map((call) => call.init.method)).toEqual(['POST', 'PUT', 'DELETE']);
    expect(calls[0]?.url).toBe('/v1/iyd/member/login');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ phone: '13800138000', password: 'abc12345' }));
    expect(calls[2]?.init.body).toBe('{}');
    for (const call of calls) {
      expect((call.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    }
  });

  it('sends the token as a bearer Authorization header only when one is stored', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    await request('/captcha', { method: 'GET' });
    setToken('secret-token');
    await request('/member/info', { method: 'GET' });
    expect((calls[0]?.init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect((calls[1]?.init.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
  });

  it('sends Accept-Language from the current locale', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    await request('/captcha', { method: 'GET' });
    await changeLocale('en', false);
    await request('/captcha', { method: 'GET' });
    expect((calls[0]?.init.headers as Record<string, string>)['Accept-Language']).toMatch(/^zh-Hans/);
    expect((calls[1]?.init.headers as Record<string, string>)['Accept-Language']).toMatch(/^en/);
  });

  it('keeps the server-time offset from the X-Server-Time header', async () => {
    const serverTime = Date.now() + 90_000;
    stubFetch(() =>
      envelopeResponse({ code: 200, msg: 'ok', data: {} }, { headers: { 'X-Server-Time': String(serverTime) } }),
    );
    await request('/captcha', { method: 'GET' });
    expect(useClockStore.getState().offset).toBeGreaterThan(89_000);
    expect(useClockStore.getState().offset).toBeLessThan(91_000);
  });
});

describe('request layer: the error catalogue', () => {
  it.each([301, 302])('code %i clears the stored token, hands over to the auth layer and rejects', async (code) => {
    setToken('old-token');
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    stubFetch(() =>
      envelopeResponse({ code, msg: '登录已失效', data: { reason: 'SESSION_EXPIRED' } }, { status: 401 }),
    );
    const error = await rejectionOf(request('/member/info', { method: 'GET' }));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getToken()).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(error.kind).toBe('session');
    expect(error.code).toBe(code);
  });

  it('any other code rejects with the server msg and the data reason, field and retryAfter', async () => {
    stubFetch(() =>
      envelopeResponse(
        { code: 429, msg: '操作过于频繁', data: { reason: 'RATE_LIMITED', retryAfter: 42, field: 'phone' } },
        { status: 429 },
      ),
    );
    const error = await rejectionOf(request('/member/login', { method: 'POST', data: {} }));
    expect(error.kind).toBe('server');
    expect(error.code).toBe(429);
    expect(error.httpStatus).toBe(429);
    expect(error.msg).toBe('操作过于频繁');
    expect(error.message).toBe('操作过于频繁');
    expect(error.reason).toBe('RATE_LIMITED');
    expect(error.retryAfter).toBe(42);
    expect(error.field).toBe('phone');
  });

  it('reads the envelope of an error even when the HTTP status is 500', async () => {
    stubFetch(() => envelopeResponse({ code: 500, msg: '', data: null }, { status: 500 }));
    const error = await rejectionOf(request('/member/info', { method: 'GET' }));
    expect(error.code).toBe(500);
    expect(error.msg).toBe('系统繁忙，请稍后再试');
    expect(error.reason).toBeUndefined();
  });

  it('a non-200 code without a msg rejects with 系统繁忙，请稍后再试', async () => {
    stubFetch(() => envelopeResponse({ code: 422, data: { reason: 'INSUFFICIENT_BALANCE' } }, { status: 422 }));
    const error = await rejectionOf(request('/order/confirm', { method: 'POST', data: { id: 1 } }));
    expect(error.msg).toBe('系统繁忙，请稍后再试');
    expect(error.reason).toBe('INSUFFICIENT_BALANCE');
  });

  it.each([
    ['an empty body', ''],
    ['a body that is not JSON', '<html>Bad gateway</html>'],
    ['JSON without an envelope', '{"hello":"world"}'],
    ['JSON null', 'null'],
  ])('%s rejects with 请求失败，请稍后再试', async (_name, body) => {
    stubFetch(() => new Response(body, { status: 502 }));
    const error = await rejectionOf(request('/member/info', { method: 'GET' }));
    expect(error.kind).toBe('empty');
    expect(error.msg).toBe('请求失败，请稍后再试');
  });

  it('a network failure rejects with the error message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await rejectionOf(request('/member/info', { method: 'GET' }));
    expect(error.kind).toBe('network');
    expect(error.msg).toBe('Failed to fetch');
  });

  it('a network failure without a message rejects with 请求失败，请稍后再试', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError(''))),
    );
    const error = await rejectionOf(request('/member/info', { method: 'GET' }));
    expect(error.kind).toBe('network');
    expect(error.msg).toBe('请求失败，请稍后再试');
  });

  it('times out after 60,000 ms with errCode 5', async () => {
    vi.useFakeTimers();
    stubHangingFetch();
    const pending = rejectionOf(request('/member/info', { method: 'GET' }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.code).toBe(ERR_CODE_TIMEOUT);
    expect(error.code).toBe(5);
  });

  it('an abort by the caller rejects with errCode 600003', async () => {
    stubHangingFetch();
    const controller = new AbortController();
    const pending = rejectionOf(request('/member/info', { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('abort');
    expect(error.code).toBe(ERR_CODE_ABORT);
    expect(error.code).toBe(600003);
  });
});

describe('request layer: loading indicator', () => {
  it('is on by default for POST and off for GET', async () => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    await request('/member/info', { method: 'GET' });
    expect(indicator.show).not.toHaveBeenCalled();
    await request('/member/info', { method: 'POST', data: { nickname: 'x' } });
    expect(indicator.show).toHaveBeenCalledTimes(1);
    expect(indicator.hide).toHaveBeenCalledTimes(1);
  });

  it('can be turned on for a GET and off for a POST', async () => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    await request('/rule', { method: 'GET', data: { id: 'agreement' }, loading: true });
    expect(indicator.show).toHaveBeenCalledTimes(1);
    await request('/send', { method: 'POST', data: {}, loading: false });
    expect(indicator.show).toHaveBeenCalledTimes(1);
  });

  it('shows on the first of overlapping calls and hides only when the last one ends, failures included', async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
    );
    const first = request('/a', { method: 'POST', data: {} });
    const second = request('/b', { method: 'POST', data: {} }).catch((error: unknown) => error);
    await Promise.resolve();
    expect(indicator.show).toHaveBeenCalledTimes(1);
    answers[1]?.(envelopeResponse({ code: 400, msg: 'bad', data: null }, { status: 400 }));
    await second;
    expect(indicator.hide).not.toHaveBeenCalled();
    answers[0]?.(envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    await first;
    expect(indicator.show).toHaveBeenCalledTimes(1);
    expect(indicator.hide).toHaveBeenCalledTimes(1);
  });

  it('hides before the caller sees the rejection, so the caller’s own toast is not closed', async () => {
    stubFetch(() => envelopeResponse({ code: 400, msg: 'bad', data: null }, { status: 400 }));
    const error = await rejectionOf(request('/member/info', { method: 'POST', data: {} }));
    expect(error.msg).toBe('bad');
    expect(indicator.hide).toHaveBeenCalledTimes(1);
  });
});

describe('call: through a declared endpoint', () => {
  it('puts a GET endpoint’s input in the query under its base, quietly, and answers with its data', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: { id: 9, title: '青花' } }));
    const product = await call(catalogueApi.product, { id: 9 });
    expect(product).toEqual({ id: 9, title: '青花' });
    expect(API_BASE).toBe('/v1/iyd');
    expect(calls[0]?.url).toBe('/v1/iyd/product/info?id=9');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(indicator.show).not.toHaveBeenCalled();
  });

  it('sends the input of the other methods as the JSON body, with the loading indicator', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: { token: 't', expiresAt: 1 } }));
    const session = await call(accountsApi.login, { phone: '13800138000', password: 'abc12345' });
    expect(session.token).toBe('t');
    expect(calls[0]?.url).toBe('/v1/iyd/member/login');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ phone: '13800138000', password: 'abc12345' }));
    expect(indicator.show).toHaveBeenCalledTimes(1);
    expect(indicator.hide).toHaveBeenCalledTimes(1);
  });

  it('fills path parameters from the input and leaves them out of the body', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: null }));
    await call(addressesApi.remove, { id: 7 });
    expect(calls[0]?.url).toBe('/v1/iyd/address/7');
    expect(calls[0]?.init.method).toBe('DELETE');
    expect(calls[0]?.init.body).toBe('{}');
  });

  it('takes the base from the declaration', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: [] }));
    await call({ ...catalogueApi.categories, base: '/v1/admin' }, {});
    expect(calls[0]?.url).toBe('/v1/admin/category/list');
  });

  it('passes headers and the loading choice through, and fails as request does', async () => {
    const { calls } = stubFetch(() =>
      envelopeResponse({ code: 400, msg: '交易密码错误', data: { reason: 'TRADE_PASSWORD_WRONG' } }, { status: 400 }),
    );
    const error = await rejectionOf(
      call(
        ordersApi.confirm,
        { id: 3, tradePassword: '123456' },
        { headers: { 'Idempotency-Key': 'k1' }, loading: false },
      ),
    );
    expect(error.kind).toBe('server');
    expect(error.msg).toBe('交易密码错误');
    expect(error.reason).toBe('TRADE_PASSWORD_WRONG');
    expect((calls[0]?.init.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
    expect(indicator.show).not.toHaveBeenCalled();
  });

  it('ends the session on code 301 as request does', async () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    setToken('old');
    stubFetch(() => envelopeResponse({ code: 301, msg: '登录已失效', data: null }));
    const error = await rejectionOf(call(accountsApi.info, {}));
    expect(error.kind).toBe('session');
    expect(getToken()).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
