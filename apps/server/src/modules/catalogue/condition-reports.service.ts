import type {
  AdminCondition,
  Certificate,
  ConditionGrade,
  ConditionReport,
  ConditionSubject,
  conditionInput,
} from '@antique/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { invalidField, notFound } from '../../lib/domain-error.js';
import { FILE_URL } from '../../lib/file-url.js';
import type { OperatorActor, AuditService } from '../audit/audit.service.js';
import { createConditionReportsRepository, type ConditionRow } from './condition-reports.repository.js';

type ConditionInput = z.output<typeof conditionInput>;

/** A report's photographs and a certificate's picture: the house's own product pictures in the upload store. */
const isHousePicture = (url: string) => FILE_URL.test(url) && url.startsWith('/files/product/');

const toReport = (r: ConditionRow): ConditionReport => ({
  grade: r.grade as ConditionGrade,
  notes: r.notes,
  dimensions: r.dimensions,
  weight: r.weight,
  marks: r.marks,
  repairs: r.repairs,
  photos: r.photos,
  examinedBy: r.examinedBy,
  examinedAt: r.examinedAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});

/** The certificate's date is a calendar date, kept as its UTC midnight. */
const toCertificate = (r: ConditionRow): Certificate | null =>
  r.certificate
    ? {
        issuer: r.certificate.issuer,
        number: r.certificate.number,
        date: new Date(r.certificate.issuedAt ?? 0).toISOString().slice(0, 10),
        picture: r.certificate.image ?? null,
      }
    : null;

/** What a member's page adds: the report (null when none) and the certificate where there is one. */
export interface ConditionView {
  condition: ConditionReport | null;
  certificate?: Certificate;
}

const viewOf = (row: ConditionRow | undefined): ConditionView => {
  if (!row) return { condition: null };
  const cert = toCertificate(row);
  return { condition: toReport(row), ...(cert ? { certificate: cert } : {}) };
};

/**
 * The house's condition reports and certificates (issue 18), one per product and one per lot;
 * a lot without its own shows its product's. `lotProductOf` reads a lot's product from
 * auctions (made after the catalogue); `operatorNames` names the examiner.
 */
export function createConditionReportsService(d: {
  db: Db;
  /** The public reads' handle (db/replica.ts). */
  readDb?: Db;
  clock: Clock;
  audit: AuditService;
  operatorNames: (ids: number[]) => Promise<Map<number, string>>;
  lotProductOf: (lotId: number) => Promise<{ productId: number | null } | undefined>;
}) {
  const repo = createConditionReportsRepository(d.db, d.readDb);

  /** The subject exists (404 otherwise); a lot's product, for its fallback. */
  async function subjectOf(subject: ConditionSubject, id: number): Promise<{ productId: number | null }> {
    if (subject === 'product') {
      if (!(await repo.productExists(id))) throw notFound();
      return { productId: null };
    }
    const lot = await d.lotProductOf(id);
    if (!lot) throw notFound();
    return lot;
  }

  async function adminView(subject: ConditionSubject, id: number, productId: number | null): Promise<AdminCondition> {
    const own = await repo.find(subject, id);
    const inherited = subject === 'lot' && productId !== null ? await repo.find('product', productId) : undefined;
    return {
      subject,
      subjectId: id,
      condition: own ? toReport(own) : null,
      certificate: own ? toCertificate(own) : null,
      inherited:
        subject === 'lot' && productId !== null
          ? {
              condition: inherited ? toReport(inherited) : null,
              certificate: inherited ? toCertificate(inherited) : null,
            }
          : null,
    };
  }

  function check(input: ConditionInput) {
    if (input.photos.some((p) => !isHousePicture(p))) throw invalidField('photos');
    if (input.certificate?.picture && !isHousePicture(input.certificate.picture))
      throw invalidField('certificate.picture', 'invalid.photos');
    // A calendar date that exists (2026-02-30 matches the pattern but is no day).
    const issued = input.certificate ? Date.parse(`${input.certificate.date}T00:00:00Z`) : 0;
    if (
      input.certificate &&
      (Number.isNaN(issued) || new Date(issued).toISOString().slice(0, 10) !== input.certificate.date)
    )
      throw invalidField('certificate.date');
    if (input.examinedAt !== undefined && input.examinedAt > d.clock.now()) throw invalidField('examinedAt');
  }

  return {
    /** A product's report as its page shows it. */
    async productCondition(productId: number): Promise<ConditionView> {
      return viewOf(await repo.find('product', productId));
    },

    /** A lot's report as its page shows it: its own, else its product's. */
    async lotCondition(lotId: number, productId: number | null): Promise<ConditionView> {
      const own = await repo.find('lot', lotId);
      if (own || productId === null) return viewOf(own);
      return viewOf(await repo.find('product', productId));
    },

    /** The console's editor: the subject's own report, and (a lot) its product's that members see meanwhile. */
    async adminCondition(subject: ConditionSubject, id: number): Promise<AdminCondition> {
      const { productId } = await subjectOf(subject, id);
      return adminView(subject, id, productId);
    },

    /**
     * An operator's report, replacing the one before; examined by that operator (their name as
     * members read it), audited with before and after. Photos not the house's pictures: 400, nothing saved.
     */
    async saveCondition(
      actor: OperatorActor,
      subject: ConditionSubject,
      input: ConditionInput,
    ): Promise<AdminCondition> {
      check(input);
      const { productId } = await subjectOf(subject, input.id);
      const examiner = (await d.operatorNames([actor.operatorId])).get(actor.operatorId) ?? `#${actor.operatorId}`;
      const now = new Date(d.clock.now());
      await d.db.transaction(async (tx) => {
        const before = await repo.findForUpdate(subject, input.id, tx);
        const cert = input.certificate;
        const row = await repo.save(
          subject,
          input.id,
          {
            grade: input.grade,
            notes: input.notes,
            dimensions: input.dimensions,
            weight: input.weight,
            marks: input.marks,
            repairs: input.repairs,
            photos: input.photos,
            examinedBy: examiner,
            examinedAt: input.examinedAt !== undefined ? new Date(input.examinedAt) : now,
            certificate: cert
              ? {
                  issuer: cert.issuer,
                  number: cert.number,
                  issuedAt: Date.parse(`${cert.date}T00:00:00Z`),
                  ...(cert.picture ? { image: cert.picture } : {}),
                }
              : null,
            updatedBy: actor.operatorId,
            updatedAt: now,
          },
          tx,
        );
        await d.audit.record(tx, actor, {
          action: `${subject}.condition`,
          targetType: subject,
          targetId: input.id,
          before: before ? { ...toReport(before), certificate: toCertificate(before) } : null,
          after: { ...toReport(row), certificate: toCertificate(row) },
        });
      });
      return adminView(subject, input.id, productId);
    },
  };
}
export type ConditionReportsService = ReturnType<typeof createConditionReportsService>;
