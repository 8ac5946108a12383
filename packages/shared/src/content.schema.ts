import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { epochMs, idParam, pageOf, pageQuery, recordIdText } from './envelope.js';

export const ruleOutput = z.object({ id: z.string(), title: z.string(), content: z.string() });
export type Rule = z.infer<typeof ruleOutput>;
export const ruleSlugs = ['agreement', 'privacy', 'auction', 'delegate', 'pick', 'withdraw', 'about'] as const;
export const ruleQuery = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{0,31}$/, { error: 'invalid.id' }),
});

/** A rule as members and operators list it, in the order of `ruleSlugs`. */
export const ruleSummary = z.object({ id: z.string(), title: z.string(), updatedAt: z.number().int() });
export type RuleSummary = z.infer<typeof ruleSummary>;
export const adminRuleSummary = ruleSummary;
export type AdminRuleSummary = RuleSummary;

/**
 * Numbers a rule's text reads from the settings, written `{{withdrawMinYuan}}` in the text:
 * the server fills them in from the current settings each time a member reads the rule, so a
 * changed setting never leaves the text behind. Each with what it stands for, as the console
 * lists them.
 */
export const rulePlaceholders = {
  withdrawMinYuan: '单笔提现最低金额（元）',
  withdrawMaxYuan: '单笔提现最高金额（元）',
  withdrawPerDay: '每日提现次数上限',
  withdrawFeePercent: '提现手续费率（%）',
  withdrawMinFeeYuan: '提现最低手续费（元）',
  bidDepositPercent: '出价保证金比例（%）',
  buyerPremiumPercent: '买方佣金比例（%）',
  sellerCommissionPercent: '卖方佣金比例（%）',
  softCloseSeconds: '延时窗口（秒）',
  softCloseCapMinutes: '最长延时（分钟）',
  incrementTable: '加价幅度表（一句话）',
  auctionPaymentHours: '拍品付款时限（小时）',
  mallPaymentMinutes: '商城订单付款时限（分钟）',
  maxUnpaidOrders: '未付款商城订单上限（笔）',
  pickAutoReceiveDays: '发货后自动确认收货（天）',
  tradePasswordMaxFailures: '交易密码连续错误次数上限',
  tradePasswordLockMinutes: '交易密码锁定时长（分钟）',
  // 关于本行 (issue 18): the house's particulars (settings) and its last 12 months counted from the lots.
  houseCompany: '本行公司名称',
  houseLicence: '本行拍卖经营许可证号',
  houseFoundedYear: '本行创立年份',
  houseYears: '本行创立年数',
  houseAddress: '本行地址',
  guaranteeDays: '收货后可申请保障的天数',
  lotsSold12m: '近12个月成交拍品数',
  sellThroughPercent12m: '近12个月成交率（%）',
  totalHammerYuan12m: '近12个月成交总额（元）',
} as const;
export type RulePlaceholderKey = keyof typeof rulePlaceholders;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export function isRulePlaceholder(name: string): name is RulePlaceholderKey {
  return Object.hasOwn(rulePlaceholders, name);
}

/** The placeholders a text uses that are not one of `rulePlaceholders`. */
export function unknownRulePlaceholders(content: string): string[] {
  const names = [...content.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => !isRulePlaceholder(name)))];
}

/** The text with every known placeholder replaced by its value (unknown ones are left as written). */
export function fillRulePlaceholders(content: string, values: Record<RulePlaceholderKey, string>): string {
  return content.replace(PLACEHOLDER, (whole, name: string) => (isRulePlaceholder(name) ? values[name] : whole));
}

/** A placeholder as the console's rules editor lists it, with the value it reads today. */
export const rulePlaceholderInfo = z.object({ key: z.string(), label: z.string(), value: z.string() });
export type RulePlaceholderInfo = z.infer<typeof rulePlaceholderInfo>;
export const adminRule = adminRuleSummary.extend({
  /** Sanitised HTML. */
  content: z.string(),
});
export type AdminRule = z.infer<typeof adminRule>;

export const appVersionInput = z.object({
  version: z.string().max(32).default('1.0.0'),
  channel: z.string().max(16).default('App'),
});
export const appVersionOutput = z.object({
  update: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  version: z.string(),
  downloadUrl: z.string(),
  updateContent: z.string(),
});
export type AppVersionOutput = z.infer<typeof appVersionOutput>;

/** A version of the native shell: dotted numbers, 1 to 4 parts (1.2.10). */
export const APP_VERSION_RE = /^\d{1,9}(\.\d{1,9}){0,3}$/;

/** 1.2.10 > 1.2.9: numeric, part by part; missing parts are 0 (1.2 = 1.2.0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** Where the shell downloads from: https, or http on this machine only (a test build). */
function isDownloadUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

const appVersionField = (key: string) => z.string({ error: key }).trim().regex(APP_VERSION_RE, { error: key });

/**
 * The update policy operators set: below `minSupported` the shell must update (2), below
 * `latest` it may (1). A download address is needed once there is a version past 1.0.0 to get.
 */
export const appVersionPolicyInput = z
  .object({
    latest: appVersionField('invalid.latest'),
    minSupported: appVersionField('invalid.minSupported'),
    downloadUrl: z
      .string({ error: 'invalid.downloadUrl' })
      .trim()
      .max(512, { error: 'invalid.downloadUrl' })
      .refine((v) => v === '' || isDownloadUrl(v), { error: 'invalid.downloadUrl' })
      .default(''),
    /** Plain text, shown as it is (paragraphs by line). */
    updateContent: z
      .string({ error: 'invalid.updateContent' })
      .trim()
      .max(2000, { error: 'invalid.updateContent' })
      .default(''),
  })
  .refine((v) => compareVersions(v.minSupported, v.latest) <= 0, {
    error: 'invalid.minSupported',
    path: ['minSupported'],
  })
  .refine((v) => v.downloadUrl !== '' || compareVersions(v.latest, '1.0.0') <= 0, {
    error: 'invalid.downloadUrl',
    path: ['downloadUrl'],
  });
export type AppVersionPolicyInput = z.infer<typeof appVersionPolicyInput>;

export const appVersionPolicy = z.object({
  latest: z.string(),
  minSupported: z.string(),
  downloadUrl: z.string(),
  updateContent: z.string(),
  /** Null until an operator first saves the policy (the defaults apply). */
  updatedAt: z.number().int().nullable(),
});
export type AppVersionPolicy = z.infer<typeof appVersionPolicy>;

/** Notices (the house's announcements) and news (articles with a cover): one shape, two kinds. */
export const articleKinds = ['notice', 'news'] as const;
export type ArticleKind = (typeof articleKinds)[number];

export const articleSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().optional(),
  publishedAt: z.number().int(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;
export const articleDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  cover: z.string().optional(),
  publishedAt: z.number().int(),
});
export type ArticleDetail = z.infer<typeof articleDetail>;
export const articleQuery = z.object({ id: recordIdText() });

const text = (max: number, key: string) => z.string({ error: key }).trim().max(max, { error: key });

/** What an operator saves. `publishedAt` empty: now when first published; a later time schedules it. */
export const articleInput = z.object({
  title: text(80, 'invalid.title').min(1, { error: 'invalid.title' }),
  summary: text(200, 'invalid.summary').default(''),
  content: z
    .string({ error: 'invalid.content' })
    .max(100_000, { error: 'invalid.content' })
    .refine((v) => v.trim().length > 0, { error: 'invalid.content' }),
  /** A picture of the upload store, or none. */
  cover: z.string({ error: 'invalid.cover' }).trim().max(512, { error: 'invalid.cover' }).default(''),
  published: z.boolean({ error: 'invalid.published' }).default(false),
  publishedAt: epochMs('invalid.publishedAt').nullable().optional(),
});
export type ArticleInput = z.infer<typeof articleInput>;

/** A rule's new text: HTML sanitised when saved, like an article's. */
export const ruleInput = ruleQuery.extend({
  title: text(60, 'invalid.title').min(1, { error: 'invalid.title' }),
  // A placeholder the server cannot fill would reach members as written.
  content: articleInput.shape.content.refine((v) => unknownRulePlaceholders(v).length === 0, {
    error: 'invalid.rulePlaceholder',
  }),
});
export type RuleInput = z.infer<typeof ruleInput>;
export const adminArticleQuery = pageQuery.extend({ keyword: z.string().trim().max(40).optional() });
export const adminArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  cover: z.string(),
  published: z.boolean(),
  publishedAt: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminArticle = z.infer<typeof adminArticle>;

export const contactOutput = z.object({
  phone: z.string(),
  wechat: z.string(),
  email: z.string(),
  serviceHours: z.string(),
  address: z.string(),
  /** A picture of the upload store (the house's WeChat QR code), or ''. */
  qrCode: z.string(),
  /** Plain text, paragraphs by line: how to deposit and withdraw. */
  notes: z.string(),
});
export type Contact = z.infer<typeof contactOutput>;
export const contactInput = z.object({
  phone: text(32, 'invalid.phone').regex(/^[0-9+\-() ]*$/, { error: 'invalid.phone' }),
  wechat: text(64, 'invalid.wechat'),
  email: text(120, 'invalid.email').refine((v) => v === '' || z.email().safeParse(v).success, {
    error: 'invalid.email',
  }),
  serviceHours: text(120, 'invalid.serviceHours'),
  address: text(200, 'invalid.address'),
  qrCode: text(512, 'invalid.qrCode'),
  notes: text(4000, 'invalid.notes'),
});
export type ContactInput = z.infer<typeof contactInput>;

/**
 * The house's bank account for members' transfers, kept with the contact page and shown on
 * the top-up page. Saved with the contact page; a save that leaves them out keeps the stored ones.
 */
export const contactBankFields = {
  bankName: text(60, 'invalid.bankName'),
  bankAccountName: text(100, 'invalid.bankAccountName'),
  bankAccountNo: text(40, 'invalid.bankAccountNo').regex(/^[0-9 ]*$/, { error: 'invalid.bankAccountNo' }),
  bankNotes: text(1000, 'invalid.bankNotes'),
};
export const adminContactOutput = contactOutput.extend({
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bankNotes: z.string(),
});
export type AdminContact = z.infer<typeof adminContactOutput>;
/** A bank, an account name and a number: all three or none, so members never see half an account. */
export const adminContactInput = contactInput
  .extend({
    bankName: contactBankFields.bankName.optional(),
    bankAccountName: contactBankFields.bankAccountName.optional(),
    bankAccountNo: contactBankFields.bankAccountNo.optional(),
    bankNotes: contactBankFields.bankNotes.optional(),
  })
  .superRefine((v, ctx) => {
    const parts = [
      ['bankName', v.bankName],
      ['bankAccountName', v.bankAccountName],
      ['bankAccountNo', v.bankAccountNo],
    ] as const;
    if (parts.every(([, value]) => value === undefined) || parts.every(([, value]) => value === '')) return;
    const missing = parts.find(([, value]) => value === undefined || value === '');
    if (missing) ctx.addIssue({ code: 'custom', path: [missing[0]], message: `invalid.${missing[0]}` });
  });
export type AdminContactInput = z.infer<typeof adminContactInput>;

const member_ = { base: '/v1/iyd', auth: 'optional' } as const;
const admin_ = { base: '/v1/admin', auth: 'operator', roles: ['operator'] } as const;

function articleEndpoints(kind: ArticleKind, adminPath: string, name: string) {
  return {
    list: defineEndpoint({
      ...member_,
      method: 'GET',
      path: `/${kind}/list`,
      input: pageQuery,
      output: pageOf(articleSummary),
      summary: `Published ${name}, newest first.`,
    }),
    info: defineEndpoint({
      ...member_,
      method: 'GET',
      path: `/${kind}/info`,
      input: articleQuery,
      output: articleDetail,
      summary: `A published ${name.replace(/s$/, '')} with its sanitised HTML.`,
    }),
    adminList: defineEndpoint({
      ...admin_,
      method: 'GET',
      path: adminPath,
      input: adminArticleQuery,
      output: pageOf(adminArticle),
      summary: `${name[0]!.toUpperCase()}${name.slice(1)}, drafts and published, newest first.`,
    }),
    adminCreate: defineEndpoint({
      ...admin_,
      method: 'POST',
      path: adminPath,
      input: articleInput,
      output: adminArticle,
      summary: `Write ${name === 'news' ? 'a news article' : 'a notice'} (HTML sanitised when saved).`,
    }),
    adminUpdate: defineEndpoint({
      ...admin_,
      method: 'PUT',
      path: `${adminPath}/{id}`,
      input: articleInput.extend(idParam.shape),
      output: adminArticle,
      summary: `Change ${name === 'news' ? 'a news article' : 'a notice'}.`,
    }),
    adminDelete: defineEndpoint({
      ...admin_,
      method: 'DELETE',
      path: `${adminPath}/{id}`,
      input: idParam,
      output: z.null(),
      summary: `Delete ${name === 'news' ? 'a news article' : 'a notice'}.`,
    }),
  };
}
const notices = articleEndpoints('notice', '/notices', 'notices');
const news = articleEndpoints('news', '/news', 'news');

export const contentApi = {
  noticeList: notices.list,
  noticeInfo: notices.info,
  newsList: news.list,
  newsInfo: news.info,
  contact: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/contact',
    input: z.object({}),
    output: contactOutput,
    summary: "The house's contact details and how to deposit and withdraw.",
  }),
  adminNotices: notices.adminList,
  adminCreateNotice: notices.adminCreate,
  adminUpdateNotice: notices.adminUpdate,
  adminDeleteNotice: notices.adminDelete,
  adminNews: news.adminList,
  adminCreateNews: news.adminCreate,
  adminUpdateNews: news.adminUpdate,
  adminDeleteNews: news.adminDelete,
  adminContact: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/contact',
    input: z.object({}),
    output: adminContactOutput,
    summary: 'The contact page as members see it, and the house’s bank account that the top-up page shows.',
  }),
  adminUpdateContact: defineEndpoint({
    ...admin_,
    method: 'PUT',
    path: '/contact',
    input: adminContactInput,
    output: adminContactOutput,
    summary:
      'Change the contact page and the house’s bank account (bank, account name and number: all three or none; left out, the stored ones stay).',
  }),
  adminRules: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/rules',
    input: z.object({}),
    output: z.array(adminRuleSummary),
    addition: true,
    summary: 'The house’s rules (agreement, privacy, auction, delegate, pick, withdraw), in that order.',
  }),
  adminRule: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/rules/{id}',
    input: ruleQuery,
    output: adminRule,
    summary: 'A rule with its sanitised HTML.',
  }),
  adminUpdateRule: defineEndpoint({
    ...admin_,
    method: 'PUT',
    path: '/rules/{id}',
    input: ruleInput,
    output: adminRule,
    summary: 'Change a rule’s title and text (HTML sanitised when saved); audited.',
  }),
  adminAppVersion: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/app-version',
    input: z.object({}),
    output: appVersionPolicy,
    summary: 'The app-version policy the update check (GET /v1/iyd/index) answers from, with the defaults until saved.',
  }),
  adminUpdateAppVersion: defineEndpoint({
    ...admin_,
    method: 'PUT',
    path: '/app-version',
    input: appVersionPolicyInput,
    output: appVersionPolicy,
    summary: 'Set the latest and the minimum supported version, the download address and the update notes; audited.',
  }),

  adminRulePlaceholders: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/rules/placeholders',
    input: z.object({}),
    output: z.array(rulePlaceholderInfo),
    addition: true,
    summary: 'The placeholders a rule’s text may use ({{withdrawMinYuan}}), what each stands for and its value today.',
  }),

  ruleList: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/rule/list',
    input: z.object({}),
    output: z.array(ruleSummary),
    auth: 'none',
    addition: true,
    summary: 'The house’s rules (titles, for a list that opens each), agreement first.',
  }),
  rule: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/rule',
    input: ruleQuery,
    output: ruleOutput,
    auth: 'none',
    summary:
      'A rule text (agreement, privacy, auction, …) as sanitised HTML, its numbers read from the current settings.',
  }),
  appVersion: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/index',
    input: appVersionInput,
    output: appVersionOutput,
    auth: 'none',
    summary: 'The update check, called with version and channel.',
  }),
};
