import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './request-logger.js';

/** A pino logger at `level` whose lines are kept, parsed. */
function captured(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level }, stream), lines };
}

/** An app whose routes log, with Fastify's own request logger or the lazy one; counts the request loggers pino makes. */
async function app(level: string, lazy: boolean) {
  const { log, lines } = captured(level);
  const app = Fastify({
    loggerInstance: log,
    genReqId: () => 'req-1',
    ...(lazy ? { childLoggerFactory: requestLoggerFactory } : {}),
  });
  app.get('/x', async (req) => {
    req.log.info({ piece: 7 }, 'looked at');
    req.log.error({ piece: 7 }, 'went wrong');
    req.log.child({ step: 'inner' }).warn('inner line');
    return { ok: true };
  });
  app.get('/quiet', async (req) => {
    req.log.info('looked at');
    return { ok: true };
  });
  await app.ready();
  // Children of the app's logger itself: one a request, when made.
  let children = 0;
  const root = app.log as unknown as { child: (...a: unknown[]) => unknown };
  const child = root.child;
  root.child = function (this: unknown, ...a: unknown[]) {
    if (this === root) children += 1;
    return child.apply(this, a);
  };
  return { app, lines, children: () => children };
}

const comparable = (lines: Record<string, unknown>[]) => lines.map(({ time: _t, responseTime: _r, ...rest }) => rest);

describe('the request logger', () => {
  it('writes the same lines as Fastify’s own at every level', async () => {
    for (const level of ['info', 'error', 'silent']) {
      const own = await app(level, false);
      const lazy = await app(level, true);
      await own.app.inject({ method: 'GET', url: '/x' });
      await lazy.app.inject({ method: 'GET', url: '/x' });
      expect(comparable(lazy.lines)).toEqual(comparable(own.lines));
      if (level === 'info') {
        expect(lazy.lines.map((l) => l.msg)).toEqual([
          'incoming request',
          'looked at',
          'went wrong',
          'inner line',
          'request completed',
        ]);
        expect(lazy.lines.every((l) => l.reqId === 'req-1')).toBe(true);
      }
      await own.app.close();
      await lazy.app.close();
    }
  });

  it('makes no pino child for a request that writes nothing its level lets through', async () => {
    const lazy = await app('error', true);
    await lazy.app.inject({ method: 'GET', url: '/quiet' });
    expect(lazy.lines).toEqual([]);
    expect(lazy.children()).toBe(0);
    // One that writes a line gets its child then.
    await lazy.app.inject({ method: 'GET', url: '/x' });
    expect(lazy.children()).toBe(1);
    expect(lazy.lines.map((l) => [l.msg, l.reqId])).toEqual([['went wrong', 'req-1']]);
    const own = await app('error', false);
    await own.app.inject({ method: 'GET', url: '/quiet' });
    expect(own.children()).toBe(1);
    await lazy.app.close();
    await own.app.close();
  });
});
