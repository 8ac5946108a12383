import { and, eq, sql } from 'drizzle-orm';
import type { ConditionSubject } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { conditionReports, products } from '../../db/schema/index.js';

export type ConditionRow = typeof conditionReports.$inferSelect;
export type ConditionValues = Omit<typeof conditionReports.$inferInsert, 'id' | 'subject' | 'subjectId'>;

/** The only queries of `condition_reports` (owner: catalogue): one report per product or lot. */
/** `reads`: the public reads' handle (db/replica.ts), for `find` (a product's or a lot's page). */
export function createConditionReportsRepository(db: Db, reads: Db = db) {
  const bySubject = (subject: ConditionSubject, id: number) =>
    and(eq(conditionReports.subject, subject), eq(conditionReports.subjectId, id))!;
  // Every product and lot page reads its report: prepared (built once, parsed once per connection).
  const pageReport = reads
    .select()
    .from(conditionReports)
    .where(
      and(
        eq(conditionReports.subject, sql.placeholder('subject')),
        eq(conditionReports.subjectId, sql.placeholder('id')),
      ),
    )
    .prepare('condition_report_of');

  return {
    async find(subject: ConditionSubject, id: number, tx: DbOrTx = reads): Promise<ConditionRow | undefined> {
      const [row] =
        tx === reads
          ? await pageReport.execute({ subject, id })
          : await tx.select().from(conditionReports).where(bySubject(subject, id));
      return row;
    },

    /** The report before a change, locked until the transaction ends (parallel saves apply one after the other). */
    async findForUpdate(subject: ConditionSubject, id: number, tx: DbOrTx): Promise<ConditionRow | undefined> {
      const [row] = await tx.select().from(conditionReports).where(bySubject(subject, id)).for('update');
      return row;
    },

    /** Writes the subject's report, replacing the one before (one per subject: a unique index). */
    async save(subject: ConditionSubject, id: number, values: ConditionValues, tx: DbOrTx): Promise<ConditionRow> {
      const [row] = await tx
        .insert(conditionReports)
        .values({ subject, subjectId: id, ...values })
        .onConflictDoUpdate({ target: [conditionReports.subject, conditionReports.subjectId], set: values })
        .returning();
      return row!;
    },

    /** Whether the product exists (a catalogue table). */
    async productExists(id: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id));
      return row !== undefined;
    },
  };
}
