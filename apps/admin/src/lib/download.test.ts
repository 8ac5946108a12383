import { describe, expect, it, vi } from 'vitest';
import { ordersApi, walletApi } from '@antique/shared/routes';
import { download, downloadFile, fileNameFromDisposition } from './download';
import { onSessionEnded } from './request';
import { readToken, saveToken } from './token-storage';

function stubBlobUrls() {
  const created: Blob[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:http://localhost/1';
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  const clicks: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download });
  });
  return { created, clicks };
}

const csv = '\uFEFF流水号,会员,类型,金额\n1,3,充值,3000.00\n';

describe('downloadFile', () => {
  it('fetches the export with the operator token and saves the answer as a blob under the server’s name', async () => {
    saveToken('tok-finance');
    const { created, clicks } = stubBlobUrls();
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="bills.csv"; filename*=UTF-8''${encodeURIComponent('资金流水-20261101.csv')}`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const name = await downloadFile(
      '/export/bills',
      { memberId: 3, type: 'deposit', from: 100, to: undefined },
      'x.csv',
    );

    expect(name).toBe('资金流水-20261101.csv');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/v1/admin/export/bills?memberId=3&type=deposit&from=100');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-finance');
    expect(clicks).toEqual([{ href: 'blob:http://localhost/1', download: '资金流水-20261101.csv' }]);
    expect(created).toHaveLength(1);
    // The BOM survives: Excel needs it to read the file as UTF-8.
    const bytes = new Uint8Array(await created[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('充值');
  });

  it('uses the fallback name when the server names no file', async () => {
    const { clicks } = stubBlobUrls();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } })),
    );

    await expect(downloadFile('/export/orders', {}, '订单-全部.csv')).resolves.toBe('订单-全部.csv');
    expect(clicks[0]?.download).toBe('订单-全部.csv');
  });

  it('throws the envelope’s message when a JSON error comes back instead of a file, and saves nothing', async () => {
    const { clicks } = stubBlobUrls();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 403, msg: '无权限', data: { reason: 'FORBIDDEN' } }), {
            status: 403,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );

    await expect(downloadFile('/export/bills', {}, 'x.csv')).rejects.toMatchObject({ code: 403, message: '无权限' });
    expect(clicks).toHaveLength(0);
  });

  it('ends the session on 301 as every other call does', async () => {
    saveToken('stale');
    stubBlobUrls();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 301, msg: '请先登录', data: null }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const listener = vi.fn();
    const off = onSessionEnded(listener);

    await expect(downloadFile('/export/bills', {}, 'x.csv')).rejects.toMatchObject({ code: 301 });
    off();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readToken()).toBeNull();
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.csv`, '订单.csv'],
    ['attachment; filename="orders.csv"', 'orders.csv'],
    ['attachment; filename=orders.csv', 'orders.csv'],
    ['attachment', null],
    [null, null],
  ])('%j → %j', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});

describe('download', () => {
  it('downloads a declared CSV endpoint with its input as the query', async () => {
    saveToken('tok-finance');
    const { clicks } = stubBlobUrls();
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(csv, {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="bills.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const name = await download(
      walletApi.adminExportBills,
      { memberId: 3, type: 'deposit', from: 100 },
      '资金流水-会员3.csv',
      { preferServerName: false },
    );

    expect(name).toBe('资金流水-会员3.csv');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/v1/admin/export/bills?memberId=3&type=deposit&from=100');
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok-finance');
    expect(clicks).toEqual([{ href: 'blob:http://localhost/1', download: '资金流水-会员3.csv' }]);
  });

  it('refuses an endpoint that answers JSON', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);

    await expect(download(ordersApi.adminList, {}, 'x.csv')).rejects.toThrow('use call()');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
