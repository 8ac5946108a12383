import fs from 'node:fs/promises';
import path from 'node:path';
import {
  demoHouse,
  loadDemo,
  loadDemoContent,
  tickDemoAuctions,
  type DemoAuctionTarget,
  type DemoContentTarget,
  type DemoTarget,
} from '@antique/demo';
import type { Logger } from 'pino';
import type { Services } from '../../app.js';
import { DomainError } from '../../lib/domain-error.js';
import type { Tx } from '../client.js';

/** What the demo package needs, made of the house's services, all inside one transaction. */
export function demoTarget(s: Services, tx: Tx, onStored: (key: string) => void): DemoTarget {
  return {
    isLoaded: () => s.settings.demoLoaded(tx),
    markLoaded: () => s.settings.markDemoLoaded(tx),
    async storePicture({ purpose, body }) {
      const { key, url } = await s.uploads.store({ purpose, body }, tx);
      onStored(key);
      return url;
    },
    createCategory: (category) => s.catalogue.createCategory(null, category, tx),
    createProduct: ({ sales, listedAt, ...product }) =>
      s.catalogue.createProduct(null, product, { sales, listedAt, tx }),
    createBanner: (banner) => s.catalogue.createBanner(null, banner, tx),
    createMember: (member) => s.members.create(member, tx),
    async deposit({ memberId, amount, memo }) {
      await s.wallet.deposit(null, memberId, { amount, memo: { code: memo } }, tx);
    },
  };
}

/** The demo's notices, news and contact page, written through the content service (not audited). */
export function demoContentTarget(s: Services, tx: Tx, onStored: (key: string) => void): DemoContentTarget {
  return {
    hasContent: () => s.articles.hasArticles(tx),
    async storePicture({ purpose, body }) {
      const { key, url } = await s.uploads.store({ purpose, body }, tx);
      onStored(key);
      return url;
    },
    createArticle: (kind, article) => s.articles.create(null, kind, article, tx),
    saveContact: (contact) => s.articles.saveContact(null, contact, tx),
    hasBankAccount: async () => (await s.articles.bankAccount(tx)).accountNo !== '',
    saveBankAccount: async (bank) => s.articles.saveContact(null, { ...(await s.articles.contact(tx)), ...bank }, tx),
  };
}

/**
 * Loads the demo (`@antique/demo`: catalogue, pictures, members with money) once, on a first
 * start with DEMO_DATA=1; main.ts imports this module only then. One transaction: if it
 * fails, the rows go with it and the picture files written so far are removed.
 */
export async function seedDemo(s: Services, log: Logger, uploadDir: string): Promise<void> {
  const stored: string[] = [];
  let loaded;
  try {
    loaded = await s.transaction((tx) =>
      loadDemo(
        demoTarget(s, tx, (key) => stored.push(key)),
        { now: s.clock.now() },
      ),
    );
    const content = await s.transaction((tx) =>
      loadDemoContent(
        demoContentTarget(s, tx, (key) => stored.push(key)),
        { now: s.clock.now() },
      ),
    );
    if (content.loaded) log.info({ articles: content.articles }, 'demo notices, news and contact loaded');
    // 关于本行 names the house: a demo house gets its particulars once (an operator's are kept).
    if (!(await s.settings.get('house')).licence) await s.settings.change(null, { house: demoHouse });
  } catch (e) {
    await Promise.all(stored.map((key) => fs.rm(path.join(uploadDir, ...key.split('/')), { force: true })));
    throw e;
  }
  if (!loaded.loaded) return;
  const { members, password, ...counts } = loaded;
  log.info(counts, 'demo loaded');
  log.info(`demo data loaded: members ${members.join(', ')} with password ${password}`);
}

/** The house's services as the demo's rolling auction schedule uses them (no operator: not audited). */
export function demoAuctionTarget(s: Services): DemoAuctionTarget {
  return {
    async pieces() {
      // The house's inventory for its auctions: products kept out of the mall, with free units.
      const page = await s.catalogue.adminProducts({ onSale: '0', page: 1, pageSize: 50 });
      return page.list
        .filter((p) => p.stock > 0 && p.images.length > 0)
        .map((p) => ({ productId: p.id, cover: p.cover, free: p.stock, price: p.price }));
    },
    async heldPieces(memberIds) {
      const out = [];
      for (const memberId of memberIds) {
        const page = await s.custody.list(memberId, { status: 'held', page: 1, pageSize: 50 });
        out.push(...page.list.map((h) => ({ memberId, holdingId: h.id, cover: h.cover, price: h.acquiredPrice })));
      }
      return out;
    },
    async ensureMember(m) {
      const [known] = await s.members.idsByPhone(m.phone);
      if (known !== undefined) return known;
      const at = new Date(s.clock.now());
      const created = await s.members.create({
        phone: m.phone,
        password: m.password,
        nickname: m.nickname,
        ...(m.realName ? { realName: { ...m.realName, submittedAt: at, reviewedAt: at } } : {}),
      });
      if (!created) return (await s.members.idsByPhone(m.phone))[0];
      if (m.deposit > 0)
        await s.wallet.deposit(null, created.id, { amount: m.deposit, memo: { code: 'DEMO_DEPOSIT' } });
      return created.id;
    },
    async lots() {
      const [live, upcoming, sold, unsold, ended, sessions] = await Promise.all([
        s.auctions.adminLots({ status: 'live', page: 1, pageSize: 50 }),
        s.auctions.adminLots({ status: 'upcoming', page: 1, pageSize: 1 }),
        s.auctions.adminLots({ status: 'sold', page: 1, pageSize: 1 }),
        s.auctions.adminLots({ status: 'unsold', page: 1, pageSize: 1 }),
        s.auctions.adminLots({ status: 'ended', page: 1, pageSize: 1 }),
        s.auctions.sessions({ page: 1, pageSize: 50 }),
      ]);
      const sessionTitles = new Map(sessions.list.map((x) => [x.id, x.title]));
      return {
        live: live.list.map((l) => ({
          id: l.id,
          title: l.title,
          session: l.sessionId === null ? null : (sessionTitles.get(l.sessionId) ?? null),
          startPrice: l.startPrice,
          nextMinimum: l.nextMinimum,
          bidCount: l.bidCount,
          endsAt: l.endsAt,
        })),
        upcoming: upcoming.total,
        ended: sold.total + unsold.total + ended.total,
      };
    },
    createSession: (session) => s.auctions.createSession(null, session),
    async createLot(lot) {
      try {
        return await s.lotListingFlow.createHouseLot(null, lot);
      } catch (e) {
        // Someone took the last unit meanwhile (an operator's lot, an order).
        if (e instanceof DomainError) return undefined;
        throw e;
      }
    },
    async consign({ memberId, holdingId, reservePrice, ...lot }) {
      try {
        const consigned = await s.custody.delegate(memberId, {
          holdingId,
          ...(reservePrice !== undefined ? { reservePrice } : {}),
        });
        const approved = await s.lotListingFlow.reviewConsignment(null, { id: consigned.id, approve: true, ...lot });
        return approved.lotId !== undefined ? { id: approved.lotId } : undefined;
      } catch (e) {
        if (e instanceof DomainError) return undefined;
        throw e;
      }
    },
    async bid(memberId, lotId, maxBid) {
      try {
        await s.bidFlow.match(memberId, { id: lotId, maxBid });
        return true;
      } catch (e) {
        if (e instanceof DomainError) return false;
        throw e;
      }
    },
    async payWon(memberId) {
      const pending = await s.orders.list(memberId, { status: 'pending', source: 'auction', page: 1, pageSize: 50 });
      let paid = 0;
      for (const o of pending.list) {
        try {
          await s.orderPaymentFlow.pay(undefined, { orderId: o.id, memberId });
          paid += 1;
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
        }
      }
      return paid;
    },
    async topUp(memberId, atLeast) {
      const { balance } = await s.wallet.summary(memberId);
      if (balance < atLeast) {
        await s.wallet.deposit(null, memberId, { amount: atLeast * 4 - balance, memo: { code: 'DEMO_DEPOSIT' } });
      }
    },
  };
}

/**
 * One turn of the demo's rolling auction schedule (a job every 20 s while DEMO_DATA=1).
 * Once `stopping()` (the server is shutting down) each further step is refused, so the turn
 * ends within one step instead of running on against a closed pool.
 */
export function runDemoAuctions(s: Services, stopping: () => boolean = () => false) {
  const target = demoAuctionTarget(s);
  const stoppable = new Proxy(target, {
    get(o, key) {
      const v: unknown = Reflect.get(o, key);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) =>
        stopping()
          ? Promise.reject(new Error('the demo stopped: the server is shutting down'))
          : (v as (...a: unknown[]) => unknown).apply(o, args);
    },
  });
  return tickDemoAuctions(stoppable, { now: s.clock.now() });
}
