-- What the member reads on a deposit, apart from finance's internal remark. Old rows keep NULL
-- (their remark was finance's and is no longer shown to the member); no row is rewritten.
ALTER TABLE "ledger_entries" ADD COLUMN "member_note" text;