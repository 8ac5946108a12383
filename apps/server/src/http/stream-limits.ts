import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { fail } from '../lib/domain-error.js';

/** Streams one member keeps open at once (a phone and a computer or two); a further one replaces the oldest. */
export const STREAMS_PER_MEMBER = 3;
/** Seconds a client refused a stream is told to wait (`Retry-After`, `data.retryAfter`). */
export const STREAM_RETRY_AFTER = 30;

export interface StreamLimitOptions {
  /** Open streams of this instance, all callers together; past it 503 `STREAMS_FULL`. */
  perInstance: number;
  /** Open streams of one guest address (no valid token); past it 429 `RATE_LIMITED`. */
  perAddress: number;
  perMember?: number;
}

/** A stream admitted: what to end when a newer one of the same member takes its place, and its release. */
export interface StreamSlot {
  /** Called once the stream's response exists: how to end it if it is replaced. */
  attach(end: () => void): void;
  /** The stream ended, whichever side ended it. Idempotent. */
  release(): void;
}

interface Held {
  end?: () => void;
  released: boolean;
}

/**
 * Counts the open Server-Sent Events streams of this instance, per member and per guest
 * address. Admission checks and counts in one synchronous step, so parallel opens can
 * never pass a limit between a check and its count. The counts are this process's, as the
 * sockets are: with several instances a member may hold this many on each.
 */
export function createStreamLimits(o: StreamLimitOptions) {
  const perMember = o.perMember ?? STREAMS_PER_MEMBER;
  const byMember = new Map<number, Held[]>();
  const byAddress = new Map<string, number>();
  let open = 0;

  const full = () => fail('STREAMS_FULL', { retryAfter: STREAM_RETRY_AFTER });

  function admit(req: FastifyRequest): StreamSlot {
    const memberId = req.memberId;
    const held: Held = { released: false };
    let release: () => void;
    if (memberId !== undefined) {
      const mine = byMember.get(memberId) ?? [];
      // A member at their limit replaces their oldest stream: the instance's count does not grow.
      if (mine.length < perMember && open >= o.perInstance) throw full();
      mine.push(held);
      byMember.set(memberId, mine);
      open += 1;
      const replaced = mine.length > perMember ? mine.splice(0, mine.length - perMember) : [];
      for (const old of replaced) {
        old.released = true;
        open -= 1;
        old.end?.();
      }
      release = () => {
        const list = byMember.get(memberId);
        const at = list?.indexOf(held) ?? -1;
        if (at >= 0) list!.splice(at, 1);
        if (list?.length === 0) byMember.delete(memberId);
        open -= 1;
      };
    } else {
      const address = normalizeIP(req.ip);
      const count = byAddress.get(address) ?? 0;
      if (count >= o.perAddress) throw fail('RATE_LIMITED', { retryAfter: STREAM_RETRY_AFTER });
      if (open >= o.perInstance) throw full();
      byAddress.set(address, count + 1);
      open += 1;
      release = () => {
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
        open -= 1;
      };
    }
    return {
      attach(end) {
        held.end = end;
      },
      release() {
        if (held.released) return;
        held.released = true;
        release();
      },
    };
  }

  return {
    admit,
    /** Streams open now (admitted and not yet ended). */
    get open() {
      return open;
    },
  };
}
export type StreamLimits = ReturnType<typeof createStreamLimits>;
