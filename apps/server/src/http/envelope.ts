import type { Socket } from 'node:net';
import { httpStatusOf, type Code } from '@antique/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/domain-error.js';
import { fieldText, langOf, reasonText } from './messages.js';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: 200, msg: 'ok', data };
}

function send(reply: FastifyReply, code: Exclude<Code, 200>, msg: string, data: Record<string, unknown> | null) {
  return reply.status(httpStatusOf[code]).send({ code, msg, data });
}

function domainErrorBody(req: FastifyRequest, err: DomainError) {
  const lang = langOf(req.headers['accept-language']);
  const { key, ...extra } = err.extra as { key?: string; field?: string };
  const msg =
    err.reason === 'VALIDATION' && extra.field ? fieldText(extra.field, key, lang) : reasonText(err.reason, lang);
  return { msg, data: { reason: err.reason, ...extra } };
}

/**
 * Errors of the framework below the routes: a bad URL, an over-long path parameter. Set as
 * Fastify's `frameworkErrors`, so that they too leave as the envelope.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(req.headers['accept-language']);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    req.log.info({ err: error }, 'bad url');
    return send(reply, 400, fieldText('path', 'invalid.path', lang), { reason: 'VALIDATION', field: 'path' });
  }
  req.log.error({ err: error, requestId: req.id }, 'framework error');
  return send(reply, 500, reasonText('INTERNAL', lang), { reason: 'INTERNAL', requestId: req.id });
}

/**
 * Requests the HTTP parser itself refuses (a malformed request line or header, headers too
 * large, a request that never finished): the envelope, written on the socket. Set as
 * Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const field = err.code === 'HPE_HEADER_OVERFLOW' ? 'headers' : 'request';
    const body = JSON.stringify({
      code: 400,
      msg: reasonText('VALIDATION', 'zh'),
      data: { reason: 'VALIDATION', field },
    });
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** The one error handler: every failure leaves as the envelope, with no internals in it. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, req, reply) => {
    const lang = langOf(req.headers['accept-language']);
    if (error instanceof DomainError) {
      // The reason says why; the one table beside the codes says which code (and HTTP status).
      const { msg, data } = domainErrorBody(req, error);
      // A refusal that says when to come back says it in the header too (proxies and EventSource read it).
      if (typeof error.extra.retryAfter === 'number') reply.header('Retry-After', String(error.extra.retryAfter));
      return send(reply, error.code, msg, data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field =
        first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(error.validationContext ?? 'body');
      const key = first?.message?.startsWith('invalid.') ? first.message : undefined;
      return send(reply, 400, fieldText(field, key, lang), { reason: 'VALIDATION', field });
    }
    if (error.statusCode === 429) {
      const retryAfter = Number(reply.getHeader('retry-after') ?? 60);
      return send(reply, 429, reasonText('RATE_LIMITED', lang), { reason: 'RATE_LIMITED', retryAfter });
    }
    if (error.statusCode === 413 && req.routeOptions.config.rawBody) {
      return send(reply, 400, reasonText('UPLOAD_TOO_LARGE', lang), { reason: 'UPLOAD_TOO_LARGE' });
    }
    if (error.statusCode === 404 || error.statusCode === 405) return routeNotFound(req, reply);
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed or too large a body, a wrong content type and the like: the caller's mistake, said plainly.
      req.log.info({ err: error }, 'bad request');
      const key = error.statusCode === 413 ? 'invalid.bodyTooLarge' : 'invalid.body';
      return send(reply, 400, fieldText('body', key, lang), { reason: 'VALIDATION', field: 'body' });
    }
    req.log.error({ err: error, requestId: req.id }, 'unhandled error');
    return send(reply, 500, reasonText('INTERNAL', lang), { reason: 'INTERNAL', requestId: req.id });
  });

  app.setNotFoundHandler(routeNotFound);
}

/** A path (or method) the API does not have: distinct from a record that does not exist (`NOT_FOUND`). */
function routeNotFound(req: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(req.headers['accept-language']);
  return send(reply, 404, reasonText('ROUTE_NOT_FOUND', lang), { reason: 'ROUTE_NOT_FOUND' });
}
