import { memberNotice, type LotPrice, type MemberNotice, type SmsText } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SmsService } from '../verification/sms.service.js';
import {
  createNoticesRepository,
  LOT_CHANNEL,
  LOT_END_CHANNEL,
  NOTICE_CHANNEL,
  type Channel,
} from './notices.repository.js';

/** What the notices module needs of members: the phone a text goes to. */
interface MemberPhones {
  phonesInFull(memberIds: number[]): Promise<Map<number, string>>;
}

/** What the notices module needs of messages: every notice kept in the member's message centre. */
interface NoticeRecords {
  recordNotices(
    list: { memberId: number; notice: MemberNotice }[],
    events: { channel: string; payload: string }[],
  ): Promise<void>;
}

/** A client of the live stream in this process: the lots it shows and, with a token, its member. */
export interface LiveSubscriber {
  lotIds: ReadonlySet<number>;
  memberId?: number;
  onLot(price: LotPrice): void;
  onNotice(notice: MemberNotice): void;
  /** The listen connection was lost and is back: what was missed meanwhile must be sent again. */
  onResync(): void;
}

const RECONNECT_MS = 1_000;

/**
 * Told a lot's end was set (by this process or another instance): `endsAt` in ms, or undefined
 * when the listen connection came (back) up, so that what was published before may have been missed.
 */
export type LotEndListener = (endsAt: number | undefined) => void;

/**
 * Personal notices (outbid, won, payment due, ending soon, shipped) and lot price changes,
 * published through PostgreSQL NOTIFY so every instance's stream clients get them, and
 * fanned out here to this process's clients over one LISTEN connection; lots' ends set, so
 * that every instance's close job wakes up for them.
 */
export function createNoticesService(d: {
  db: Db;
  clock: Clock;
  sms: SmsService;
  members: MemberPhones;
  messages: NoticeRecords;
}) {
  const repo = createNoticesRepository(d.db);
  const subscribers = new Set<LiveSubscriber>();
  const lotEndListeners = new Set<LotEndListener>();
  let listening: Promise<{ close(): Promise<void> } | undefined> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let connectedOnce = false;
  // Round-trip pings of this instance in flight (metrics): their id → what to call on arrival.
  const pings = new Map<string, () => void>();
  let pingSeq = 0;

  function deliver(channel: Channel, payload: string) {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (channel === NOTICE_CHANNEL && typeof (message as { ping?: unknown }).ping === 'string') {
      pings.get((message as { ping: string }).ping)?.();
      return;
    }
    if (channel === LOT_END_CHANNEL) {
      const { endsAt } = message as { endsAt?: unknown };
      if (typeof endsAt === 'number') for (const l of lotEndListeners) l(endsAt);
      return;
    }
    if (channel === LOT_CHANNEL) {
      const price = message as LotPrice;
      for (const s of subscribers) if (s.lotIds.has(price.id)) s.onLot(price);
      return;
    }
    const { m, n } = message as { m: number; n: unknown };
    const parsed = memberNotice.safeParse(n);
    if (!parsed.success) return;
    for (const s of subscribers) if (s.memberId === m) s.onNotice(parsed.data);
  }

  function connect() {
    retry = undefined;
    if (closed) return;
    listening = repo
      .listen(deliver, () => {
        listening = undefined;
        if (!closed && (subscribers.size > 0 || lotEndListeners.size > 0)) retry = setTimeout(connect, RECONNECT_MS);
      })
      .then((l) => {
        if (connectedOnce) for (const s of subscribers) s.onResync();
        connectedOnce = true;
        for (const listener of lotEndListeners) listener(undefined);
        return l;
      })
      .catch(() => {
        listening = undefined;
        if (!closed) retry = setTimeout(connect, RECONNECT_MS);
        return undefined;
      });
  }

  async function sendMany(list: { memberId: number; notice: MemberNotice; sms?: SmsText }[]) {
    if (list.length === 0) return;
    // Kept in the members' messages and published live in one statement: the live notice is
    // delivered at its commit, so the message is there when the app reads the unread count.
    await d.messages.recordNotices(
      list,
      list.map((x) => ({ channel: NOTICE_CHANNEL, payload: JSON.stringify({ m: x.memberId, n: x.notice }) })),
    );
    const texted = list.filter((x) => x.sms);
    if (texted.length === 0) return;
    const phones = await d.members.phonesInFull(texted.map((x) => x.memberId));
    await d.sms.notifyMany(
      texted.flatMap((x) => {
        const phone = phones.get(x.memberId);
        return phone ? [{ phone, sms: x.sms! }] : [];
      }),
    );
  }

  return {
    /**
     * Tells a member: on their live stream at once and, with `opts.sms` (a template code and
     * its parameters), by text message. Call after the change has committed.
     */
    async send(memberId: number, notice: MemberNotice, opts: { sms?: SmsText } = {}) {
      await sendMany([{ memberId, notice, ...opts }]);
    },

    /** Several notices at once, in three statements whatever their number (a batch of bids' outbid members): kept and published, the phones read, the texts queued. */
    sendMany,

    /** A notice dated now. */
    notice: (n: Omit<MemberNotice, 'at'>): MemberNotice => ({ ...n, at: d.clock.now() }),

    /** A lot's price changed (a bid, a close): every instance's clients showing it get it. */
    async lotChanged(price: LotPrice, tx?: DbOrTx) {
      await repo.publish(LOT_CHANNEL, JSON.stringify(price), tx);
    },

    /**
     * A lot's end was set to `endsAt` (a lot scheduled, a session's lots put in new slots):
     * this process's close job is told at once, every instance's at the commit of `tx`. Ends
     * that only move later (a bid's extension) need not be told: the job looks again when
     * it wakes.
     */
    async lotEndSet(lot: { id: number; endsAt: number }, tx?: DbOrTx) {
      for (const l of lotEndListeners) l(lot.endsAt);
      await repo.publish(LOT_END_CHANNEL, JSON.stringify({ id: lot.id, endsAt: lot.endsAt }), tx);
    },

    /**
     * Calls `listener` whenever a lot's end is set, here or on another instance (the close
     * job), keeping the LISTEN connection open meanwhile. Answers how to stop.
     */
    onLotEnd(listener: LotEndListener): () => void {
      lotEndListeners.add(listener);
      if (!listening && !retry) connect();
      return () => void lotEndListeners.delete(listener);
    },

    /**
     * The same message for a caller that sends it inside a statement of its own (a bid's
     * writes, one round trip under the lot's lock): `pg_notify(channel, payload)`, delivered
     * at commit like every NOTIFY.
     */
    lotEvent: (price: LotPrice) => ({ channel: LOT_CHANNEL, payload: JSON.stringify(price) }),

    /**
     * Adds a stream client of this process; the LISTEN connection opens with the first.
     * Resolves once listening (so nothing published afterwards is missed); returns the
     * unsubscribe.
     */
    async subscribe(s: LiveSubscriber): Promise<() => void> {
      subscribers.add(s);
      if (!listening && !retry) connect();
      await listening;
      return () => subscribers.delete(s);
    },

    /**
     * Whether the LISTEN connection is up (the readiness probe): opened here when no stream
     * has opened it yet, so an instance that cannot deliver live updates is not sent traffic.
     */
    async listening(): Promise<boolean> {
      if (closed) return false;
      if (!listening && !retry) connect();
      return (await listening) !== undefined;
    },

    /**
     * Seconds from a NOTIFY on the notices channel to its arrival on this process's listener
     * (opened if it is not); undefined when it does not come back within `timeoutMs`. Every
     * instance's listener ignores a ping (no member in it) and only its sender times it.
     */
    async roundTrip(timeoutMs = 2_000): Promise<number | undefined> {
      if (closed) return undefined;
      if (!listening && !retry) connect();
      if (!(await listening)) return undefined;
      pingSeq += 1;
      const id = `${process.pid}.${Math.random().toString(36).slice(2)}.${pingSeq}`;
      let timer: NodeJS.Timeout | undefined;
      const started = performance.now();
      const arrived = new Promise<number | undefined>((resolve) => {
        pings.set(id, () => resolve((performance.now() - started) / 1000));
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      });
      try {
        await repo.publish(NOTICE_CHANNEL, JSON.stringify({ ping: id }));
        return await arrived;
      } catch {
        return undefined;
      } finally {
        clearTimeout(timer);
        pings.delete(id);
      }
    },

    /** The number of stream clients of this process. */
    get subscriberCount() {
      return subscribers.size;
    },

    /** Stops listening (the server is closing). */
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      subscribers.clear();
      lotEndListeners.clear();
      const l = await listening;
      await l?.close();
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
