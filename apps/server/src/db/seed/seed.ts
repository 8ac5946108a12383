import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Services } from '../../app.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/password-hash.js';
import type { Db } from '../client.js';
import { members, rules, settings } from '../schema/index.js';
import { seedCatalogue } from './catalogue.seed.js';
import { defaultRules } from './rules.data.js';

/** The house's rules exist from the first start; existing (edited) ones are left alone. */
export async function seedRules(db: Db, clock: Clock) {
  const now = new Date(clock.now());
  await db
    .insert(rules)
    .values(defaultRules.map((r) => ({ ...r, updatedAt: now })))
    .onConflictDoNothing();
}

export const DEMO_PASSWORD = 'demo1234';

const demoMembers = [
  {
    phone: '13800000001',
    nickname: '青花雅集',
    realName: '王雅琴',
    idNumber: '110101199003074514',
    deposit: 5_000_000,
  },
  {
    phone: '13800000002',
    nickname: '松风阁主',
    realName: '李松年',
    idNumber: '310104198511203011',
    deposit: 1_200_000,
  },
  { phone: '13800000003', nickname: '玉壶冰心', deposit: 300_000 },
  { phone: '13800000004', nickname: '墨香斋', deposit: 0 },
];

/** The catalogue, banners and a few members with money, on first start (DEMO_DATA=1). */
export async function seedDemoData(db: Db, s: Services, log: Logger, uploadDir: string) {
  const [done] = await db.select().from(settings).where(eq(settings.key, 'demoSeeded'));
  if (done) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = s.clock.now();
  for (const [i, m] of demoMembers.entries()) {
    const [row] = await db
      .insert(members)
      .values({
        phone: m.phone,
        passwordHash,
        nickname: m.nickname,
        inviteCode: `DEMO0${i + 1}`,
        inviterId: null,
        createdAt: new Date(now - (30 - i) * 86_400_000),
        ...(m.realName
          ? {
              realNameStatus: 'verified' as const,
              realName: m.realName,
              idNumber: m.idNumber,
              realNameSubmittedAt: new Date(now - 20 * 86_400_000),
              realNameReviewedAt: new Date(now - 19 * 86_400_000),
            }
          : {}),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    await s.wallet.open(row.id);
    if (m.deposit > 0) {
      await db.transaction((tx) =>
        s.wallet.move(tx, { memberId: row.id, type: 'deposit', amount: m.deposit, remark: '银行转账入账（演示数据）' }),
      );
    }
  }
  await seedCatalogue(db, { uploadDir, clock: s.clock, log });
  await db
    .insert(settings)
    .values({ key: 'demoSeeded', value: true, updatedAt: new Date(now) })
    .onConflictDoNothing();
  log.info(`demo data loaded: members ${demoMembers.map((m) => m.phone).join(', ')} with password ${DEMO_PASSWORD}`);
}
