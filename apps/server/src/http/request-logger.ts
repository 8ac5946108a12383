import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** The request's logger whose pino child is made at its first line the level lets through. */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  /** The child, once made or when a line at `level` is written; undefined when the line would be dropped. */
  #at(level: Level): FastifyBaseLogger | undefined {
    return this.#child ?? (this.parent.isLevelEnabled(level) ? this.#made() : undefined);
  }

  fatal(...args: unknown[]) {
    this.#at('fatal')?.fatal(...(args as [string]));
  }
  error(...args: unknown[]) {
    this.#at('error')?.error(...(args as [string]));
  }
  warn(...args: unknown[]) {
    this.#at('warn')?.warn(...(args as [string]));
  }
  info(...args: unknown[]) {
    this.#at('info')?.info(...(args as [string]));
  }
  debug(...args: unknown[]) {
    this.#at('debug')?.debug(...(args as [string]));
  }
  trace(...args: unknown[]) {
    this.#at('trace')?.trace(...(args as [string]));
  }
  silent() {}

  get level() {
    return (this.#child ?? this.parent).level;
  }
  set level(level: string) {
    this.#made().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/**
 * Fastify's per-request logger (`req.log`, bound to the request's id), made by pino only when
 * the request writes a line its level lets through: Fastify made a pino child for every
 * request, though at the house's levels most write none (its "incoming request" and "request
 * completed" lines are `info`). The lines written are the same child's. A route with its own
 * level or serializers gets its child at once, as before.
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (
  logger,
  bindings,
  options,
) {
  const parent = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  if (typeof parent.isLevelEnabled !== 'function' || options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new RequestLogger(parent as ConstructorParameters<typeof RequestLogger>[0], bindings, options);
};
