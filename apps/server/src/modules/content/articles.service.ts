import type {
  AdminArticle,
  AdminContact,
  AdminContactInput,
  ArticleInput,
  ArticleKind,
  Contact,
  HouseBankAccount,
} from '@antique/shared';
import sanitizeHtml from 'sanitize-html';
import type { Db, Tx } from '../../db/client.js';
import { invalidField, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { FILE_URL } from '../../lib/file-url.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { createArticlesRepository, type ArticleRow, type ContactRow } from './articles.repository.js';

const SUMMARY_LENGTH = 80;
const EMPTY_CONTACT: Contact = {
  phone: '',
  wechat: '',
  email: '',
  serviceHours: '',
  address: '',
  qrCode: '',
  notes: '',
};

const NO_BANK = { bankName: '', bankAccountName: '', bankAccountNo: '', bankNotes: '' };

/** The text of sanitised HTML, its first words: the list's summary when the operator wrote none. */
export function summaryOf(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH)}…` : text;
}

const toAdmin = (r: ArticleRow): AdminArticle => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  content: r.content,
  cover: r.cover ?? '',
  published: r.published,
  publishedAt: r.publishedAt.getTime(),
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});
const toContact = (r: ContactRow): Contact => ({
  phone: r.phone,
  wechat: r.wechat,
  email: r.email,
  serviceHours: r.serviceHours,
  address: r.address,
  qrCode: r.qrCode,
  notes: r.notes,
});
const toAdminContact = (r: ContactRow): AdminContact => ({
  ...toContact(r),
  bankName: r.bankName,
  bankAccountName: r.bankAccountName,
  bankAccountNo: r.bankAccountNo,
  bankNotes: r.bankNotes,
});

/**
 * Notices and news, and the contact page: operators write them (audited, HTML sanitised when
 * saved), members read what is published and due.
 */
export function createArticlesService({
  db,
  readDb,
  clock,
  audit,
}: {
  db: Db;
  /** The public reads' handle (db/replica.ts). */
  readDb?: Db;
  clock: Clock;
  audit: AuditService;
}) {
  const repo = createArticlesRepository(db, readDb);

  function prepare(input: ArticleInput) {
    const cover = input.cover.trim();
    if (cover !== '' && !FILE_URL.test(cover)) throw invalidField('cover');
    const content = sanitizeRichText(input.content);
    // what survives must still say something: a text of only a script is refused, not saved empty
    if (summaryOf(content) === '' && !/<img\b/.test(content)) throw invalidField('content');
    return {
      title: input.title,
      summary: input.summary.trim() || summaryOf(content),
      content,
      cover: cover || null,
      published: input.published,
    };
  }

  async function save(actor: Actor, kind: ArticleKind, input: ArticleInput, id: number | undefined, outer?: Tx) {
    const fields = prepare(input);
    const now = new Date(clock.now());
    return (outer ?? db).transaction(async (tx) => {
      if (id === undefined) {
        const publishedAt = input.publishedAt != null ? new Date(input.publishedAt) : now;
        const row = await repo.insert({ kind, ...fields, publishedAt, createdAt: now, updatedAt: now }, tx);
        await audit.record(tx, actor, {
          action: `${kind}.create`,
          targetType: kind,
          targetId: row.id,
          after: toAdmin(row),
        });
        return toAdmin(row);
      }
      const before = await repo.forUpdate(kind, id, tx);
      if (!before) throw notFound();
      // an article published before keeps its time unless the operator gives another; a draft published now gets now
      const publishedAt =
        input.publishedAt != null ? new Date(input.publishedAt) : before.published ? before.publishedAt : now;
      const row = (await repo.update(id, { ...fields, publishedAt, updatedAt: now }, tx))!;
      await audit.record(tx, actor, {
        action: `${kind}.update`,
        targetType: kind,
        targetId: id,
        before: toAdmin(before),
        after: toAdmin(row),
      });
      return toAdmin(row);
    });
  }

  return {
    async list(kind: ArticleKind, q: { page: number; pageSize: number }) {
      const { rows, total } = await repo.publishedPage({
        kind,
        now: new Date(clock.now()),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(
        rows.map((r) => ({
          id: r.id,
          title: r.title,
          summary: r.summary,
          ...(r.cover ? { cover: r.cover } : {}),
          publishedAt: r.publishedAt.getTime(),
        })),
        total,
        q,
      );
    },

    async info(kind: ArticleKind, id: number) {
      const r = await repo.published(kind, id, new Date(clock.now()));
      if (!r) throw notFound();
      return {
        id: r.id,
        title: r.title,
        content: r.content,
        ...(r.cover ? { cover: r.cover } : {}),
        publishedAt: r.publishedAt.getTime(),
      };
    },

    async adminList(kind: ArticleKind, q: { page: number; pageSize: number; keyword?: string | undefined }) {
      const { rows, total } = await repo.adminPage({
        kind,
        ...(q.keyword ? { keyword: q.keyword } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(rows.map(toAdmin), total, q);
    },

    create: (actor: Actor, kind: ArticleKind, input: ArticleInput, outer?: Tx) =>
      save(actor, kind, input, undefined, outer),

    update: (actor: Actor, kind: ArticleKind, id: number, input: ArticleInput) => save(actor, kind, input, id),

    async remove(actor: Actor, kind: ArticleKind, id: number) {
      await db.transaction(async (tx) => {
        const before = await repo.remove(kind, id, tx);
        if (!before) throw notFound();
        await audit.record(tx, actor, {
          action: `${kind}.delete`,
          targetType: kind,
          targetId: id,
          before: toAdmin(before),
        });
      });
      return null;
    },

    /** Whether any notice or news exists (the demo writes its own only into an empty house). */
    async hasArticles(tx?: Tx) {
      return (await repo.count(tx)) > 0;
    },

    async contact(tx?: Tx): Promise<Contact> {
      const row = await repo.contact(tx);
      return row ? toContact(row) : EMPTY_CONTACT;
    },

    /** The contact page with the house's bank account, as operators edit it. */
    async adminContact(tx?: Tx): Promise<AdminContact> {
      const row = await repo.contact(tx);
      return row ? toAdminContact(row) : { ...EMPTY_CONTACT, ...NO_BANK };
    },

    /** The house's account for members' bank transfers (the top-up page); empty fields until an operator sets it. */
    async bankAccount(tx?: Tx): Promise<HouseBankAccount> {
      const row = await repo.contact(tx);
      return {
        name: row?.bankName ?? '',
        accountName: row?.bankAccountName ?? '',
        accountNo: row?.bankAccountNo ?? '',
        notes: row?.bankNotes ?? '',
      };
    },

    /** The contact page; bank fields left out keep the stored ones (a client that knows none of them). */
    async saveContact(actor: Actor, input: AdminContactInput, outer?: Tx): Promise<AdminContact> {
      if (input.qrCode !== '' && !FILE_URL.test(input.qrCode)) throw invalidField('qrCode');
      return (outer ?? db).transaction(async (tx) => {
        const before = await repo.contactForUpdate(tx);
        const kept = before ?? NO_BANK;
        const row = await repo.saveContact(
          {
            ...input,
            bankName: input.bankName ?? kept.bankName,
            bankAccountName: input.bankAccountName ?? kept.bankAccountName,
            bankAccountNo: input.bankAccountNo ?? kept.bankAccountNo,
            bankNotes: input.bankNotes ?? kept.bankNotes,
            updatedAt: new Date(clock.now()),
          },
          tx,
        );
        await audit.record(tx, actor, {
          action: 'contact.update',
          targetType: 'contact',
          targetId: 1,
          before: before ? toAdminContact(before) : null,
          after: toAdminContact(row),
        });
        return toAdminContact(row);
      });
    },
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
