import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { appVersionPolicy, rules } from '../../db/schema/index.js';

export type AppVersionRow = typeof appVersionPolicy.$inferSelect;
export type RuleRow = typeof rules.$inferSelect;

export function createContentRepository(db: Db) {
  return {
    async rule(slug: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(rules).where(eq(rules.slug, slug));
      return row;
    },

    allRules: (tx: DbOrTx = db) =>
      tx.select({ slug: rules.slug, title: rules.title, updatedAt: rules.updatedAt }).from(rules),

    async ruleForUpdate(slug: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(rules).where(eq(rules.slug, slug)).for('update');
      return row;
    },

    async updateRule(slug: string, set: { title: string; content: string; updatedAt: Date }, tx: DbOrTx = db) {
      const [row] = await tx.update(rules).set(set).where(eq(rules.slug, slug)).returning();
      return row!;
    },

    /** Replaces a rule's text only while it still reads `from` (nobody edited it meanwhile); true when it did. */
    async replaceRuleContent(slug: string, from: string, to: string, tx: DbOrTx = db) {
      const rows = await tx
        .update(rules)
        .set({ content: to })
        .where(and(eq(rules.slug, slug), eq(rules.content, from)))
        .returning({ slug: rules.slug });
      return rows.length > 0;
    },

    /** Inserts the rules that are missing; existing (edited) ones are left alone. */
    async insertMissingRules(values: (typeof rules.$inferInsert)[], tx: DbOrTx = db) {
      if (values.length > 0) await tx.insert(rules).values(values).onConflictDoNothing();
    },

    async appVersion(tx: DbOrTx = db) {
      const [row] = await tx.select().from(appVersionPolicy).where(eq(appVersionPolicy.id, 1));
      return row;
    },

    async appVersionForUpdate(tx: DbOrTx = db) {
      const [row] = await tx.select().from(appVersionPolicy).where(eq(appVersionPolicy.id, 1)).for('update');
      return row;
    },

    async saveAppVersion(values: Omit<AppVersionRow, 'id'>, tx: DbOrTx = db) {
      const [row] = await tx
        .insert(appVersionPolicy)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: appVersionPolicy.id, set: values })
        .returning();
      return row!;
    },
  };
}
