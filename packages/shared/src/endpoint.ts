import type { z } from 'zod';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiBase = '/v1/iyd' | '/v1/admin';

/**
 * Who may call: nobody in particular, anyone (member fields only with a token), a
 * member with a token, or an operator (of the listed roles; every role when omitted).
 */
export type EndpointAuth = 'none' | 'optional' | 'member' | 'operator';

/**
 * One call of the API, declared once: the server registers its route from it, the
 * OpenAPI document is generated from it, and both front ends call through it. `input`
 * holds every field the caller sends: path parameters (`{id}` in `path`), then the
 * query for GET and the JSON body for the other methods.
 */
export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: EndpointMethod;
  base: ApiBase;
  /** Under `base`, with `{name}` parameters: `/address/{id}`. */
  path: string;
  input: I;
  output: O;
  auth: EndpointAuth;
  /**
   * Operator roles allowed; only for `auth: 'operator'`, all roles when omitted. `admin`
   * passes every role check, so `['admin']` means administrators only.
   */
  roles?: readonly string[];
  /** Honours the `Idempotency-Key` header. */
  idempotent?: boolean;
  /** The response is a file (CSV), not the JSON envelope. */
  file?: boolean;
  /** The response is a stream of Server-Sent Events (`text/event-stream`), not the envelope; `output` types its `data`. */
  stream?: boolean;
  /** The request body is raw bytes (an upload); `input` then travels as the query whatever the method. */
  rawBody?: boolean;
  /** Beyond the original specification (marked so in the OpenAPI document). */
  addition?: boolean;
  summary: string;
}

export function defineEndpoint<I extends z.ZodType, O extends z.ZodType>(e: Endpoint<I, O>): Endpoint<I, O> {
  return e;
}

/** What a caller passes: the schema's input side (defaults may be left out). */
export type EndpointInput<E extends Endpoint> = z.input<E['input']>;
/** What a caller gets back in `data`. */
export type EndpointOutput<E extends Endpoint> = z.output<E['output']>;

const PARAM = /\{(\w+)\}/g;

/** The names of an endpoint's path parameters, in order. */
export function pathParamsOf(e: Pick<Endpoint, 'path'>): string[] {
  return [...e.path.matchAll(PARAM)].map((m) => m[1]!);
}

/**
 * Splits a call's input into the concrete path (parameters filled in and encoded) and
 * the rest, which goes as the query (GET) or the body.
 */
export function resolveCall(
  e: Pick<Endpoint, 'path' | 'base'>,
  input: unknown,
): { url: string; path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> =
    typeof input === 'object' && input !== null ? { ...(input as Record<string, unknown>) } : {};
  const path = e.path.replace(PARAM, (_m, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { url: `${e.base}${path}`, path, rest };
}

/** The path in the router's syntax (`/address/:id`). */
export function routePathOf(e: Pick<Endpoint, 'path'>): string {
  return e.path.replace(PARAM, ':$1');
}
