import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../lib/metrics.js';

/** Compared as digests, so neither the time taken nor a length difference tells how close a guess was. */
const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/**
 * `GET /metrics` for Prometheus (API.md, "Going live"), only with `Authorization: Bearer
 * <METRICS_TOKEN>`; without METRICS_TOKEN the route does not exist (the 404 of any unknown
 * path). Like /healthz it is outside the OpenAPI document and the envelope: a scraper reads
 * plain text. With the token set, every response is counted by route pattern and status.
 */
export function registerMetrics(
  app: FastifyInstance,
  d: {
    metrics: Metrics;
    token: string | undefined;
    /** This instance's NOTIFY round trip, timed at each scrape. */
    roundTrip(): Promise<number | undefined>;
  },
) {
  if (!d.token) return;
  const expected = digest(`Bearer ${d.token}`);
  d.metrics.collectProcessMetrics();

  app.addHook('onResponse', (req, reply, done) => {
    // The pattern (`/v1/iyd/auction/info`, `/files/*`), never the raw URL; no route matched: one label for all.
    d.metrics.httpResponse(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const given = req.headers.authorization ?? '';
    if (!crypto.timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('unauthorized\n');
    }
    d.metrics.notifyRoundTrip(await d.roundTrip());
    return reply.type(d.metrics.registry.contentType).send(await d.metrics.registry.metrics());
  });
}
