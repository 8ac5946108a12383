import {
  envelope,
  MAX_UPLOAD_BYTES,
  namedEndpoints,
  pathParamsOf,
  routePathOf,
  type Endpoint,
  type Operator,
} from '@antique/shared';
import net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { SessionMeta } from '../lib/session-store.js';
import type { OperatorActor } from '../modules/audit/audit.service.js';
import { type DomainError, fail, invalidField } from '../lib/domain-error.js';
import { actorOf, metaOf, type AuthHooks } from './auth.js';
import { ok } from './envelope.js';
import type { Idempotent } from './idempotency.js';
import type { StreamLimits, StreamSlot } from './stream-limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes raw bytes (an upload) rather than JSON. */
    rawBody?: boolean;
  }
}

/** What a handler gets: the validated input (path parameters, then query or body) and who calls. */
export interface RouteContext<I> {
  input: I;
  req: FastifyRequest;
  /** The raw request body of an upload endpoint (`rawBody`). */
  body: Buffer;
  /** The member of a member-only endpoint. */
  readonly memberId: number;
  /** The member, when a public endpoint was called with a valid token. */
  readonly maybeMemberId: number | undefined;
  /** The current session (member or operator), for logout. */
  readonly sessionId: number;
  /** The operator of an operators' endpoint, and the same as the audit's actor. */
  readonly operator: Operator;
  readonly actor: OperatorActor;
  readonly meta: SessionMeta;
  /**
   * On an idempotent call sent with an `Idempotency-Key`: the key in the caller's scope
   * (`operator:7:<key>`). A call that writes a row under it can tell a retry of work that
   * committed (after a crash lost its stored answer) from new work.
   */
  readonly requestKey: string | undefined;
}

/** A file response (the CSV exports) in place of the JSON envelope. */
export class FileReply {
  constructor(
    readonly filename: string,
    readonly type: string,
    readonly body: string | Buffer,
  ) {}

  static csv(f: { filename: string; csv: string }) {
    return new FileReply(f.filename, 'text/csv; charset=utf-8', f.csv);
  }
}

/** Where a stream handler writes its Server-Sent Events. */
export interface EventSink {
  /** One event: `event: <name>` and its data as JSON. */
  send(event: string, data: unknown): void;
  /** A comment line (a heartbeat that keeps proxies from closing the connection). */
  comment(text: string): void;
  /** Ends the stream from the server's side. */
  close(): void;
  readonly closed: boolean;
}

/**
 * A Server-Sent Events response (an endpoint declared with `stream: true`) in place of the
 * envelope. `open` starts writing and returns what to do when the stream ends, whichever
 * side ends it.
 */
export class EventStream {
  constructor(readonly open: (sink: EventSink) => Promise<() => void>) {}
}

/**
 * One event's bytes, encoded once for every stream it goes to: a price is fanned out to
 * thousands of streams in one turn of the event loop, and serialising it for each was most of
 * that turn. Kept for the turn only (an object sent again later is encoded again).
 */
let lastFrame: { event: string; data: unknown; bytes: Buffer } | undefined;
function frameOf(event: string, data: unknown) {
  if (lastFrame && lastFrame.data === data && lastFrame.event === event) return lastFrame.bytes;
  if (!lastFrame) queueMicrotask(() => (lastFrame = undefined));
  lastFrame = { event, data, bytes: Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`) };
  return lastFrame.bytes;
}

async function startStream(
  req: FastifyRequest,
  reply: FastifyReply,
  stream: EventStream,
  openStreams: Set<EventSink>,
  now: number,
  slot: StreamSlot | undefined,
  closing: () => boolean,
) {
  reply.hijack();
  const res = reply.raw;
  // The body runs until the connection closes (it is never reused, below): no chunk framing,
  // so each event is one write of bytes shared by every stream, not three.
  res.useChunkedEncodingByDefault = false;
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // Never reused once the stream ends: a proxy that kept this connection would send its next
    // request on it just as the instance, shutting down, closes it (a 502 for a POST).
    connection: 'close',
    'x-accel-buffering': 'no',
    'x-server-time': String(now),
    'x-request-id': req.id,
  });
  // The first write sends the head with it (not before: a client whose answer has begun is
  // subscribed); the events after it go straight to the socket: the response's own write corks
  // the socket and uncorks it on the next tick for each of them, a third of a price's fan-out
  // to ten thousand streams in the server's own time.
  const socket = res.socket;
  let headSent = false;
  const write = (bytes: Buffer) => {
    if (headSent && socket instanceof net.Socket) socket.write(bytes);
    else {
      headSent = true;
      res.write(bytes);
    }
  };
  let cleanup: (() => void) | undefined;
  let ended = false;
  const sink: EventSink = {
    send(event, data) {
      if (!ended) write(frameOf(event, data));
    },
    comment(text) {
      if (!ended) write(Buffer.from(`: ${text}\n\n`));
    },
    close() {
      finish();
      // The connection ends with the stream: no proxy keeps it for a next request to an
      // instance that may be leaving (and a closing server does not wait on it).
      const socket = res.socket;
      res.end();
      socket?.end();
    },
    get closed() {
      return ended;
    },
  };
  function finish() {
    if (ended) return;
    ended = true;
    openStreams.delete(sink);
    slot?.release();
    cleanup?.();
  }
  openStreams.add(sink);
  // Opened while the server closes (it was under way when the others were told): off it goes too.
  if (closing()) {
    sink.send('reconnect', RECONNECT);
    sink.close();
    return;
  }
  // A newer stream of the same member took this one's place: say so, so the client does not come straight back.
  slot?.attach(() => {
    sink.send('replaced', { reason: 'STREAM_REPLACED' });
    sink.close();
  });
  res.on('close', finish);
  try {
    const c = await stream.open(sink);
    if (ended) c();
    else cleanup = c;
    // Only now does the answer start (if `open` wrote nothing yet): a client whose response
    // has begun is subscribed, so nothing published after that is missed. Also tells it how
    // long to wait before reconnecting.
    sink.comment('ready');
    if (!ended) write(Buffer.from('retry: 3000\n\n'));
  } catch (e) {
    req.log.error({ err: e }, 'stream failed to start');
    sink.close();
  }
}

/** The event that tells a stream's client to reconnect at once (this instance is shutting down; another takes it). */
const RECONNECT = { reason: 'SHUTTING_DOWN' };

export interface RouteOpts {
  /** Requests per minute per address, tighter than the global limit. */
  rateLimit?: number;
}

const operationNames = new Map<Endpoint, { name: string; feature: string }>(
  namedEndpoints.map((n) => [n.endpoint, { name: n.name, feature: n.feature }]),
);

type Shape = Record<string, z.ZodType>;

function shapeOf(e: Endpoint): Shape {
  if (!(e.input instanceof z.ZodObject)) throw new Error(`${e.method} ${e.path}: input must be an object schema`);
  return e.input.shape as Shape;
}

/** A zod failure found after fastify's own validation, answered as fastify's would be. */
function validationError(error: z.ZodError): DomainError {
  const first = error.issues[0];
  const field = first?.path.join('.') || 'body';
  const key = first?.message.startsWith('invalid.') ? first.message : undefined;
  return fail('VALIDATION', { field, ...(key ? { key } : {}) });
}

/** Half of a surrogate pair on its own (JSON can carry one as an escape). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The field of the first text PostgreSQL cannot store (text refuses U+0000, jsonb a lone
 * surrogate), or undefined. No field of the API has a use for them: every parsed string,
 * and every key, is checked here.
 */
function unstorableFieldOf(value: unknown, at: string[] = []): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? at.join('.') || 'body' : undefined;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (unstorable(k)) return [...at, k].join('.');
    const found = unstorableFieldOf(v, [...at, k]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The OpenAPI description: calls beyond the original specification are marked "Addition". */
function description(e: Endpoint): string {
  return [e.addition ? `Addition: ${e.summary}` : '', e.idempotent ? 'Honours Idempotency-Key.' : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * What a handler gets, its getters reading the request when asked. A class, its getters on the
 * prototype: an object literal with getters, made for every request, cost about 2 µs each time.
 */
class Context<I> implements RouteContext<I> {
  constructor(
    readonly req: FastifyRequest,
    readonly input: I,
    readonly requestKey: string | undefined,
  ) {}

  private missing(what: string) {
    return new Error(`${this.req.method} ${this.req.url}: no ${what} on this route`);
  }

  get body() {
    if (!Buffer.isBuffer(this.req.body)) return Buffer.alloc(0);
    return this.req.body;
  }

  get memberId() {
    if (this.req.memberId === undefined) throw this.missing('member');
    return this.req.memberId;
  }

  get maybeMemberId() {
    return this.req.memberId;
  }

  get sessionId() {
    const id = this.req.memberSessionId ?? this.req.operatorSessionId;
    if (id === undefined) throw this.missing('session');
    return id;
  }

  get operator() {
    if (!this.req.operator) throw this.missing('operator');
    return this.req.operator;
  }

  get actor() {
    return actorOf(this.req);
  }

  get meta() {
    return metaOf(this.req);
  }
}

/**
 * Registers a route from its declaration in `@antique/shared`: method and URL, the
 * schemas of path parameters, query or body (the endpoint's input split by its path
 * parameters) and response, the auth hook and the operator roles, `Idempotency-Key`, and
 * the OpenAPI tag, operation and "Addition" marking. A handler makes one service call and
 * returns its result; the envelope is added here.
 */
export function createRoute({
  auth,
  idempotent,
  streams,
}: {
  auth: AuthHooks;
  idempotent: Idempotent;
  /** Limits on open event streams (per member, per guest address, per instance). */
  streams?: StreamLimits;
}) {
  // The app's open event streams, so that closing the server ends them instead of waiting on them.
  const openStreams = new Set<EventSink>();
  let closing = false;
  function route<I extends z.ZodType, O extends z.ZodType>(
    app: FastifyInstance,
    e: Endpoint<I, O>,
    handler: (ctx: RouteContext<z.output<I>>) => Promise<z.input<O> | FileReply | EventStream>,
    opts: RouteOpts = {},
  ): void {
    const named = operationNames.get(e);
    if (!named) throw new Error(`${e.method} ${e.base}${e.path} is not in allEndpoints`);
    const shape = shapeOf(e);
    const pathKeys = pathParamsOf(e);
    const rest = Object.fromEntries(Object.entries(shape).filter(([k]) => !pathKeys.includes(k)));
    const params = pathKeys.length > 0 ? z.object(Object.fromEntries(pathKeys.map((k) => [k, shape[k]!]))) : undefined;
    // Split, the input loses its object-level refinements: the merged input is checked again.
    const recheck = pathKeys.length > 0 && ((e.input as unknown as z.ZodObject).def.checks?.length ?? 0) > 0;
    const restSchema = Object.keys(rest).length === 0 ? undefined : pathKeys.length > 0 ? z.object(rest) : e.input;
    const inQuery = e.method === 'GET' || e.method === 'DELETE' || e.rawBody === true;
    const member = e.auth === 'member';
    const operator = e.auth === 'operator';

    const onRequest =
      e.auth === 'member'
        ? auth.member
        : e.auth === 'optional'
          ? auth.optionalMember
          : e.auth === 'operator'
            ? auth.operator(...(e.roles ?? []))
            : undefined;

    const options: RouteOptions = {
      method: e.method,
      url: `${e.base}${routePathOf(e)}`,
      schema: {
        tags: [named.feature],
        operationId: named.name,
        summary: e.summary,
        ...(description(e) ? { description: description(e) } : {}),
        ...(member || operator ? { security: [{ bearer: [] }] } : {}),
        ...(params ? { params } : {}),
        ...(restSchema ? (inQuery ? { querystring: restSchema } : { body: restSchema }) : {}),
        ...(e.file
          ? {}
          : e.stream
            ? { produces: ['text/event-stream'], response: { 200: e.output } }
            : { response: { 200: envelope(e.output) } }),
      } as RouteOptions['schema'],
      ...(onRequest ? { onRequest } : {}),
      config: {
        ...(e.rawBody ? { rawBody: true } : {}),
        ...(opts.rateLimit ? { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } } : {}),
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        let input: unknown = {
          ...((inQuery ? req.query : req.body) as object | undefined),
          ...(req.params as object),
        };
        if (recheck) {
          const parsed = e.input.safeParse(input);
          if (!parsed.success) throw validationError(parsed.error);
          input = parsed.data;
        }
        const badText = unstorableFieldOf(input);
        if (badText !== undefined) throw invalidField(badText, 'invalid.char');
        const scope = !e.idempotent
          ? undefined
          : member
            ? `member:${req.memberId ?? ''}`
            : `operator:${req.operator?.id ?? ''}`;
        const key = req.headers['idempotency-key'];
        const ctx = new Context(
          req,
          input as z.output<I>,
          scope && typeof key === 'string' ? `${scope}:${key}` : undefined,
        );
        const run = () => handler(ctx);
        const result = scope ? await idempotent(req, scope, run) : await run();
        if (result instanceof EventStream) {
          if (!e.stream) throw new Error(`${e.method} ${e.path} is not declared as a stream`);
          // Admitted (and counted) before the answer starts, so a refusal is still the envelope.
          const slot = streams?.admit(req);
          await startStream(req, reply, result, openStreams, Date.now(), slot, () => closing);
          return reply;
        }
        if (result instanceof FileReply) {
          return reply
            .type(result.type)
            .header('Content-Disposition', `attachment; filename="${result.filename}"`)
            .send(result.body);
        }
        return ok(result);
      },
    };

    if (!e.rawBody) {
      app.route(options);
      return;
    }
    // The signed upload target: raw bytes in the body, whatever content type is claimed.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + 1 }, (_req, body, done) =>
        done(null, body),
      );
      scope.route(options);
    });
  }
  /**
   * Ends every open event stream of this app (it is shutting down), each told to reconnect
   * at once: just after the listening socket has closed (preClose runs before it), so that
   * the clients come back through the proxy to another instance, never to this one.
   */
  route.closeStreams = () => {
    closing = true;
    setImmediate(() => {
      for (const s of [...openStreams]) {
        s.send('reconnect', RECONNECT);
        s.close();
      }
    });
  };
  /** Event streams open now. */
  route.openStreamCount = () => openStreams.size;
  return route;
}
export type Route = ReturnType<typeof createRoute>;
