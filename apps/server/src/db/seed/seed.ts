import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadDemo, type DemoTarget } from '@antique/demo';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Services } from '../../app.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/password-hash.js';
import { searchGramsOf } from '../../modules/mall/search-grams.js';
import type { Db, Tx } from '../client.js';
import { banners, categories, members, operators, products, rules, settings, uploads } from '../schema/index.js';
import { defaultRules } from './rules.data.js';

/** The house's rules exist from the first start; existing (edited) ones are left alone. */
export async function seedRules(db: Db, clock: Clock) {
  const now = new Date(clock.now());
  await db
    .insert(rules)
    .values(defaultRules.map((r) => ({ ...r, updatedAt: now })))
    .onConflictDoNothing();
}

/**
 * The demo (catalogue, pictures, members with money) from `@antique/demo`, on first start
 * (DEMO_DATA=1), in one transaction. The pictures come ready-drawn from the build and are
 * copied into the upload store; if the rows fail, the copies are removed again.
 */
export async function seedDemoData(db: Db, s: Services, log: Logger, uploadDir: string) {
  const [admin] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, 'admin'));
  if (!admin) throw new Error('the demo is loaded after the first operator (admin) exists');
  const now = s.clock.now();
  const at = new Date(now);
  const month = at.toISOString().slice(0, 7).replace('-', '');
  const written: string[] = [];
  const hashes = new Map<string, Promise<string>>();
  const hashOnce = (password: string) => {
    const known = hashes.get(password) ?? hashPassword(password);
    hashes.set(password, known);
    return known;
  };

  const targetOver = (tx: Tx): DemoTarget => ({
    async isLoaded() {
      const [done] = await tx.select().from(settings).where(eq(settings.key, 'demoSeeded'));
      return done !== undefined;
    },
    async markLoaded() {
      await tx.insert(settings).values({ key: 'demoSeeded', value: true, updatedAt: at }).onConflictDoNothing();
    },
    async storePicture({ purpose, mime, body }) {
      const key = `${purpose}/${month}/${crypto.randomBytes(16).toString('base64url')}`;
      const file = path.join(uploadDir, ...key.split('/'));
      await fs.mkdir(path.dirname(file), { recursive: true });
      written.push(file);
      await fs.writeFile(file, body);
      await tx.insert(uploads).values({
        key,
        ownerType: 'operator',
        ownerId: admin.id,
        purpose,
        mime,
        bytes: body.length,
        createdAt: at,
        expiresAt: at,
        storedAt: at,
      });
      return `/files/${key}`;
    },
    async createCategory(c) {
      const [row] = await tx
        .insert(categories)
        .values({ ...c, createdAt: at })
        .returning({ id: categories.id });
      return row!;
    },
    async createProduct({ listedAt, ...p }) {
      const [row] = await tx
        .insert(products)
        .values({
          ...p,
          searchGrams: searchGramsOf(p.title, p.era, p.material),
          createdAt: listedAt,
          updatedAt: listedAt,
        })
        .returning({ id: products.id });
      return row!;
    },
    async createBanner(b) {
      await tx.insert(banners).values({ ...b, createdAt: at });
    },
    async createMember(m) {
      const [row] = await tx
        .insert(members)
        .values({
          phone: m.phone,
          passwordHash: await hashOnce(m.password),
          nickname: m.nickname,
          inviteCode: m.inviteCode,
          inviterId: null,
          createdAt: m.joinedAt,
          ...(m.realName
            ? {
                realNameStatus: 'verified' as const,
                realName: m.realName.name,
                idNumber: m.realName.idNumber,
                realNameSubmittedAt: m.realName.submittedAt,
                realNameReviewedAt: m.realName.reviewedAt,
              }
            : {}),
        })
        .onConflictDoNothing()
        .returning({ id: members.id });
      if (row) await s.wallet.open(row.id, tx);
      return row;
    },
    async deposit({ memberId, amount }) {
      await s.wallet.move(tx, { memberId, type: 'deposit', amount, remark: '银行转账入账（演示数据）' });
    },
  });

  let loaded;
  try {
    loaded = await db.transaction((tx) => loadDemo(targetOver(tx), { now }));
  } catch (e) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true }).catch(() => undefined)));
    throw e;
  }
  if (!loaded.loaded) return;
  const { members: phones, password, ...counts } = loaded;
  log.info(counts, 'demo loaded');
  log.info(`demo data loaded: members ${phones.join(', ')} with password ${password}`);
}
