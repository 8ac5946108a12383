import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/client.js';
import { createMigrationCheck } from '../db/readiness.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful shutdown: `/readyz` answers 503 from now on and every
     * answer closes its connection, so a proxy moves to the other instances before this one
     * stops accepting.
     */
    drain(): void;
    readonly draining: boolean;
  }
}

/** What `/readyz` reports: each part, and `ready` when all hold and the instance is not shutting down. */
export interface Readiness {
  ready: boolean;
  database: boolean;
  migrations: boolean;
  listener: boolean;
  draining: boolean;
}

/** A probe that hangs (a database that stopped answering) counts as failed after this long. */
const PROBE_MS = 2_000;

function within<T>(ms: number, work: Promise<T>, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.catch(() => otherwise),
    new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms).unref())),
  ]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz` (the process runs: 200) and `GET /readyz` (200 when the database answers,
 * its migrations are current and the live-update LISTEN connection is up; 503 otherwise and
 * once the shutdown has begun), plain JSON for probes, outside the request limits. Also the
 * drain switch the shutdown turns (`app.drain()`).
 */
export function registerHealth(
  app: FastifyInstance,
  deps: { db: Db; notices: { listening(): Promise<boolean> }; probeMs?: number },
) {
  const migrations = createMigrationCheck((deps.db as Db & { $client: pg.Pool }).$client);
  const probeMs = deps.probeMs ?? PROBE_MS;
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.decorate('draining', {
    getter: () => draining,
  });

  // Draining, every answer says `Connection: close`: the proxy's kept-alive connections to
  // this instance end with their current request instead of being cut under the next one.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (draining) reply.header('Connection', 'close');
    done(null, payload);
  });

  // A connection that has sent nothing yet (a spare a browser or a client opened ahead of its
  // requests) is not idle to Node: closing, the server would wait for its first request or its
  // headers timeout, a minute, past the shutdown's 10 s. Once the server closes, those are
  // ended; none of them carried a request.
  const connections = new Set<net.Socket>();
  app.server.on('connection', (socket: net.Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.addHook('preClose', (done) => {
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    done();
  });

  const probe = { schema: { hide: true }, config: { rateLimit: false } } as const;
  app.get('/healthz', probe, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { ok: true };
  });
  app.get('/readyz', probe, async (_req, reply): Promise<Readiness> => {
    reply.header('Cache-Control', 'no-store');
    const [db, listener] = await Promise.all([
      within(probeMs, migrations(), { database: false, migrations: false }),
      within(probeMs, deps.notices.listening(), false),
    ]);
    const ready = !draining && db.database && db.migrations && listener;
    reply.code(ready ? 200 : 503);
    return { ready, ...db, listener, draining };
  });
}
