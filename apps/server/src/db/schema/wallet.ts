import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/** Owner: wallet (wallets and their append-only ledger). */
export const wallets = pgTable(
  'wallets',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    balance: fen('balance').notNull().default(0),
    frozen: fen('frozen').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('wallets_balance_nonneg', sql`${t.balance} >= 0`),
    check('wallets_frozen_nonneg', sql`${t.frozen} >= 0`),
  ],
);

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: text('type').notNull(),
    amount: fen('amount').notNull(),
    frozenAmount: fen('frozen_amount').notNull(),
    balanceAfter: fen('balance_after').notNull(),
    frozenAfter: fen('frozen_after').notNull(),
    /**
     * What an operator typed for operators: finance's internal reference on a deposit (bank
     * serial, payer). Never shown to the member (old rows too); '' when the server wrote the entry.
     */
    remark: text('remark').notNull().default(''),
    /** What the operator wrote for the member to read on the bill; null: the memo alone. */
    memberNote: text('member_note'),
    /** The server's memo as a code each locale translates (ORDER_PAYMENT), with its parameters. */
    memoCode: text('memo_code'),
    memoParams: jsonb('memo_params').$type<Record<string, string>>(),
    refType: text('ref_type'),
    refId: integer('ref_id'),
    operatorId: integer('operator_id'),
    /**
     * The caller's Idempotency-Key (`operator:7:<key>`) on the entry a keyed call wrote: a retry
     * after a crash between the call's commit and its stored answer finds the entry instead of
     * moving the money again.
     */
    requestKey: text('request_key'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_request_key_uq')
      .on(t.requestKey)
      .where(sql`${t.requestKey} IS NOT NULL`),
    index('ledger_member_idx').on(t.memberId, t.id),
    index('ledger_type_idx').on(t.type, t.id),
    check('ledger_moves_money', sql`${t.amount} <> 0 OR ${t.frozenAmount} <> 0`),
  ],
);
