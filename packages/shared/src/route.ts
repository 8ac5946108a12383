import type { ApiBase, Endpoint, EndpointInput, EndpointMethod, EndpointOutput } from './endpoint.js';

export { pathParamsOf, resolveCall, routePathOf } from './endpoint.js';
export type { ApiBase, EndpointMethod } from './endpoint.js';

/**
 * An endpoint as the front ends call it: where it lives and what goes in and comes out,
 * without its zod schemas, so that calling the API does not ship the validators. Made
 * from the declarations by `scripts/generate-routes.mjs` (`routes.generated.ts`).
 */
export interface Route<I = unknown, O = unknown> {
  method: EndpointMethod;
  base: ApiBase;
  path: string;
  idempotent?: boolean;
  file?: boolean;
  rawBody?: boolean;
  /** Types only: never present at run time. */
  readonly '~types'?: { input: I; output: O };
}

/** The route of a declared endpoint: its input and output types, none of its schemas. */
export type RouteOf<E extends Endpoint> = Route<EndpointInput<E>, EndpointOutput<E>>;

/** Every route of one feature's `<feature>Api`. */
export type RoutesOf<A extends Record<string, Endpoint>> = { [K in keyof A]: RouteOf<A[K]> };

/** What a caller passes (the schema's input side: defaults may be left out). */
export type RouteInput<R extends Route> = R extends Route<infer I, unknown> ? I : never;
/** What a caller gets back in `data`. */
export type RouteOutput<R extends Route> = R extends Route<unknown, infer O> ? O : never;
