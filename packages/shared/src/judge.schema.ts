import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { epochMs, pageOf, pageQuery, recordId, recordIdText } from './envelope.js';
import { QUESTION_MAX_CHARS, QUESTION_MIN_CHARS } from './client-limits.js';

/**
 * Judging a piece before bidding (issue 18): the house's condition report and certificate on
 * products and lots, members' questions on a lot before it ends, and the page about the house.
 */

/** The house's grades, best first. */
export const conditionGrades = ['excellent', 'fine', 'good', 'fair', 'poor'] as const;
export type ConditionGrade = (typeof conditionGrades)[number];

/** What a condition report describes: a catalogue product, or a lot (a lot without its own shows its product's). */
export const conditionSubjects = ['product', 'lot'] as const;
export type ConditionSubject = (typeof conditionSubjects)[number];

/** At most this many photographs in a report. */
export const MAX_CONDITION_PHOTOS = 12;

/** A certificate of a piece (a testing laboratory's, an appraiser's). */
export const certificate = z.object({
  issuer: z.string(),
  number: z.string(),
  /** 'YYYY-MM-DD', as printed on it. */
  date: z.string(),
  /** Its picture, when the house photographed it. */
  picture: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificate>;

export const conditionReport = z.object({
  grade: z.enum(conditionGrades),
  notes: z.string(),
  dimensions: z.string(),
  weight: z.string(),
  marks: z.string(),
  repairs: z.string(),
  photos: z.array(z.string()),
  /** The operator who examined the piece, by their display name. */
  examinedBy: z.string(),
  examinedAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ConditionReport = z.infer<typeof conditionReport>;

const text = (key: string, max: number) => z.string({ error: key }).trim().max(max, { error: key });

export const certificateInput = z.object({
  issuer: text('invalid.certificate.issuer', 100).min(1, { error: 'invalid.certificate.issuer' }),
  number: text('invalid.certificate.number', 60).min(1, { error: 'invalid.certificate.number' }),
  date: z
    .string({ error: 'invalid.certificate.date' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'invalid.certificate.date' }),
  picture: z.string({ error: 'invalid.certificate.picture' }).max(200).nullable().default(null),
});

/** An operator's report on a product or a lot (the path names it); saving replaces the one before. */
export const conditionInput = z.object({
  id: recordIdText(),
  grade: z.enum(conditionGrades, { error: 'invalid.grade' }),
  notes: text('invalid.notes', 2000).default(''),
  dimensions: text('invalid.dimensions', 200).default(''),
  weight: text('invalid.weight', 100).default(''),
  marks: text('invalid.marks', 500).default(''),
  repairs: text('invalid.repairs', 1000).default(''),
  photos: z
    .array(z.string({ error: 'invalid.photos' }).max(200, { error: 'invalid.photos' }), { error: 'invalid.photos' })
    .max(MAX_CONDITION_PHOTOS, { error: 'invalid.photos' })
    .default([]),
  /** When the piece was examined; now when left out. */
  examinedAt: epochMs('invalid.examinedAt').optional(),
  /** null: the piece has no certificate (one saved before is removed). */
  certificate: certificateInput.nullable().default(null),
});
export type ConditionInput = z.input<typeof conditionInput>;

/** What the console's editor reads: the subject's own report, and whether members see its product's instead. */
export const adminCondition = z.object({
  subject: z.enum(conditionSubjects),
  subjectId: z.number().int(),
  condition: conditionReport.nullable(),
  certificate: certificate.nullable(),
  /** A lot without a report of its own: members see this one, its product's (null for a product). */
  inherited: z.object({ condition: conditionReport.nullable(), certificate: certificate.nullable() }).nullable(),
});
export type AdminCondition = z.infer<typeof adminCondition>;

// Questions on a lot.

/** Unanswered questions a member may have on one lot at once. */
export const MAX_OPEN_QUESTIONS_PER_LOT = 3;
/** Questions a member may ask in a China day. */
export const MAX_QUESTIONS_PER_DAY = 20;

export const questionInput = z.object({
  id: recordId(),
  text: z.string({ error: 'invalid.text' }).max(2000, { error: 'invalid.text' }),
});
export type QuestionInput = z.infer<typeof questionInput>;

/** A question as a lot's page shows it. */
export const lotQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  /** The asker, masked as bidders are (138****0001). */
  asker: z.string(),
  askedAt: z.number().int(),
  answer: z.string().nullable(),
  answeredAt: z.number().int().nullable(),
  /** The caller's own question not answered yet (only the asker sees it). */
  pending: z.boolean(),
});
export type LotQuestion = z.infer<typeof lotQuestion>;

export const questionStatuses = ['open', 'answered', 'hidden'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

export const adminQuestionQuery = pageQuery.extend({
  status: z.enum(questionStatuses, { error: 'invalid.status' }).default('open'),
  lotId: recordIdText('invalid.lotId').optional(),
});

export const adminQuestion = z.object({
  id: z.number().int(),
  lotId: z.number().int(),
  lotTitle: z.string(),
  lotCover: z.string(),
  lotEndsAt: z.number().int(),
  /** The lot is still open to questions (not past its end). */
  lotOpen: z.boolean(),
  memberId: z.number().int(),
  asker: z.string(),
  text: z.string(),
  askedAt: z.number().int(),
  status: z.enum(questionStatuses),
  answer: z.string().nullable(),
  answeredAt: z.number().int().nullable(),
  answeredBy: z.string().nullable(),
});
export type AdminQuestion = z.infer<typeof adminQuestion>;

export const answerInput = z.object({
  id: recordIdText(),
  answer: z
    .string({ error: 'invalid.answer' })
    .trim()
    .min(1, { error: 'invalid.answer' })
    .max(1000, { error: 'invalid.answer' }),
});
export const hideInput = z.object({
  id: recordIdText(),
  reason: z
    .string({ error: 'invalid.reason' })
    .trim()
    .min(2, { error: 'invalid.reason' })
    .max(200, { error: 'invalid.reason' }),
});

// The house.

/** The house's particulars operators keep (a section of the settings). */
export const houseProfile = z.object({
  company: z.string().trim().min(1).max(100),
  licence: z.string().trim().max(100),
  foundedYear: z.number().int().min(1900).max(2100),
  address: z.string().trim().max(200),
});
export type HouseProfile = z.infer<typeof houseProfile>;

/** The last 12 months of the house's lots, counted from the lots (closed within the window). */
export const houseFigures = z.object({
  since: z.number().int(),
  sold: z.number().int(),
  unsold: z.number().int(),
  /** sold / (sold + unsold) in basis points (0 when nothing closed). */
  sellThroughBps: z.number().int(),
  /** The sum of sold lots' hammers, fen. */
  totalHammer: z.number().int(),
});
export type HouseFigures = z.infer<typeof houseFigures>;

export const house = houseProfile.extend({
  /** Whole years since the founding year (China time). */
  years: z.number().int(),
  /** The days after receipt a buyer may claim a piece is not as described. */
  guaranteeDays: z.number().int(),
  figures: houseFigures,
});
export type House = z.infer<typeof house>;

const member_ = { base: '/v1/iyd' } as const;
/** Roles as for editing products and lots. */
const admin_ = { base: '/v1/admin', auth: 'operator', roles: ['operator'] } as const;

export const judgeApi = {
  question: defineEndpoint({
    ...member_,
    auth: 'member',
    method: 'POST',
    path: '/auction/question',
    input: questionInput,
    output: lotQuestion,
    addition: true,
    summary: `Ask the house about a lot before it ends (409 QUESTIONS_CLOSED after). ${QUESTION_MIN_CHARS} to ${QUESTION_MAX_CHARS} characters of plain text; at most ${MAX_OPEN_QUESTIONS_PER_LOT} unanswered on a lot and ${MAX_QUESTIONS_PER_DAY} a day (429 QUESTION_LIMIT, \`data.limit\`, \`data.scope\`). Pending until an operator answers; answered ones are public on the lot.`,
  }),
  house: defineEndpoint({
    ...member_,
    auth: 'none',
    method: 'GET',
    path: '/house',
    input: z.object({}),
    output: house,
    addition: true,
    summary:
      '关于本行: the company, licence, founding year and years, address, the guarantee’s days, and the last 12 months’ lots sold, sell-through and total hammer counted from the lots.',
  }),
  adminProductCondition: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/products/{id}/condition',
    input: z.object({ id: recordIdText() }),
    output: adminCondition,
    addition: true,
    summary: 'A product’s condition report and certificate (null when none).',
  }),
  adminSaveProductCondition: defineEndpoint({
    ...admin_,
    method: 'PUT',
    path: '/products/{id}/condition',
    input: conditionInput,
    output: adminCondition,
    addition: true,
    summary:
      'Save a product’s condition report and certificate (photos: the upload store’s product pictures); examined by the operator saving it; audited.',
  }),
  adminLotCondition: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/lots/{id}/condition',
    input: z.object({ id: recordIdText() }),
    output: adminCondition,
    addition: true,
    summary: 'A lot’s own condition report and certificate, and its product’s, which members see while it has none.',
  }),
  adminSaveLotCondition: defineEndpoint({
    ...admin_,
    method: 'PUT',
    path: '/lots/{id}/condition',
    input: conditionInput,
    output: adminCondition,
    addition: true,
    summary: 'Save a lot’s own condition report and certificate; audited.',
  }),
  adminQuestions: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/questions',
    input: adminQuestionQuery,
    output: pageOf(adminQuestion),
    addition: true,
    summary:
      'Members’ questions by status (open: oldest first; answered and hidden: newest first), optionally of one lot.',
  }),
  adminAnswerQuestion: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/questions/{id}/answer',
    input: answerInput,
    output: adminQuestion,
    addition: true,
    summary:
      'Answer an open question (409 QUESTION_NOT_OPEN once answered or hidden): it becomes public on the lot and the asker is told; audited.',
  }),
  adminHideQuestion: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/questions/{id}/hide',
    input: hideInput,
    output: adminQuestion,
    addition: true,
    summary: 'Hide a question (open or answered) for a reason: never shown publicly again; audited with the reason.',
  }),
};

export { QUESTION_MIN_CHARS, QUESTION_MAX_CHARS } from './client-limits.js';
