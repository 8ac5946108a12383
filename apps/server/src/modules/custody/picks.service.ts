import type { AdminPick, Pick as PickView, PickInput, PickStatus } from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { CustodyRepository } from './custody.repository.js';
import { events, ref, toPick, unavailable, type CustodyViews } from './custody-views.js';

/** Pick-ups: held pieces sent to the member's address, shipped by operators, received. */
export function createPicksService(d: {
  db: Db;
  repo: CustodyRepository;
  clock: Clock;
  views: CustodyViews;
  settings: Pick<SettingsService, 'get'>;
  addresses: Pick<AddressesService, 'find'>;
}) {
  const { db, repo, views } = d;
  const now = () => new Date(d.clock.now());

  /** A pick's pieces follow it (shipped, received), each with the event in its history. */
  async function piecesFollow(tx: Tx, pickId: number, status: 'shipped' | 'received', at: Date) {
    const pieces = await repo.moveOfPick(pickId, { status }, tx);
    await repo.addEvents(
      events(
        pieces.map((h) => h.id),
        { event: status, ref: ref.pick(pickId), at },
      ),
      tx,
    );
  }

  /** Completes a shipped pick-up: the pick and its pieces received. Undefined when it was not shipped. */
  async function completePick(tx: Tx, q: { id: number; memberId?: number }) {
    const at = now();
    const done = await repo.movePick({ ...q, from: 'shipped' }, { status: 'received', receivedAt: at }, tx);
    if (!done) return undefined;
    await piecesFollow(tx, done.id, 'received', at);
    return done;
  }

  return {
    /**
     * Held pieces of the member to one of their addresses (copied). The pieces move to
     * `picking` in one conditional update: any that is not the member's and held makes the
     * whole call 409 HOLDING_NOT_AVAILABLE and changes nothing.
     */
    async pick(memberId: number, input: PickInput, requestKey?: string): Promise<PickView> {
      const address = await d.addresses.find(memberId, input.addressId);
      return db.transaction(async (tx) => {
        const before = requestKey ? await repo.pickByKey(requestKey, tx) : undefined;
        if (before) return views.pickView(before, tx);
        const p = await repo.insertPick(
          {
            memberId,
            address: {
              name: address.name,
              phone: address.phone,
              regionCode: address.regionCode,
              province: address.province,
              city: address.city,
              district: address.district,
              detail: address.detail,
            },
            status: 'pending',
            createdAt: now(),
            requestKey: requestKey ?? null,
          },
          tx,
        );
        const moved = await repo.move(
          { ids: input.holdingIds, ownerId: memberId, from: 'held' },
          { status: 'picking', pickId: p.id },
          tx,
        );
        if (moved.length !== input.holdingIds.length) {
          const got = new Set(moved.map((h) => h.id));
          throw unavailable({ holdingIds: input.holdingIds.filter((id) => !got.has(id)) });
        }
        return toPick(
          p,
          moved.map((h) => h.id).sort((a, b) => a - b),
        );
      });
    },

    /** The member confirms a shipped pick-up arrived; confirming again returns it. */
    async receive(memberId: number, id: number): Promise<PickView> {
      return db.transaction(async (tx) => {
        const done = await completePick(tx, { id, memberId });
        if (done) return views.pickView(done, tx);
        const p = await repo.pick(id, tx);
        if (!p || p.memberId !== memberId) throw notFound();
        if (p.status === 'received') return views.pickView(p, tx);
        throw unavailable({ status: p.status });
      });
    },

    /** The job: shipped pick-ups completed `pickAutoReceiveDays` after shipping, each once. */
    async receiveDue(limit = 100): Promise<number> {
      const days = await d.settings.get('pickAutoReceiveDays');
      return db.transaction(async (tx) => {
        const due = await repo.dueForReceipt(new Date(d.clock.now() - days * 86_400_000), limit, tx);
        let n = 0;
        for (const p of due) if (await completePick(tx, { id: p.id })) n += 1;
        return n;
      });
    },

    async adminPicks(q: { status?: PickStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.adminPicks({
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await views.adminPickViews(rows), total, q);
    },

    /** Ships a pending pick-up with its carrier and tracking number, in the caller's transaction: the pick and its pieces. */
    async shipPick(
      tx: Tx,
      input: { id: number; carrier: string; trackingNo: string; shippedBy: number | null },
    ): Promise<AdminPick> {
      const at = now();
      const p = await repo.movePick(
        { id: input.id, from: 'pending' },
        {
          status: 'shipped',
          carrier: input.carrier,
          trackingNo: input.trackingNo,
          shippedAt: at,
          shippedBy: input.shippedBy,
        },
        tx,
      );
      if (!p) {
        const existing = await repo.pick(input.id, tx);
        if (!existing) throw notFound();
        throw unavailable({ status: existing.status });
      }
      await piecesFollow(tx, p.id, 'shipped', at);
      const [view] = await views.adminPickViews([p], tx);
      return view!;
    },
  };
}
