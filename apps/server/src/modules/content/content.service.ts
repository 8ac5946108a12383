import {
  compareVersions,
  ruleSlugs,
  type AdminRule,
  type AdminRuleSummary,
  type AppVersionPolicy,
  type AppVersionPolicyInput,
  type HouseFigures,
  type RuleInput,
  type RulePlaceholderInfo,
  type RuleSummary,
} from '@antique/shared';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { invalidField, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { summaryOf } from './articles.service.js';
import { createContentRepository, type AppVersionRow, type RuleRow } from './content.repository.js';
import { defaultRules, legacyDefaultRuleHashes } from './default-rules.js';
import { twelveMonthsBefore } from './house.service.js';
import { FIGURE_PLACEHOLDER, fillRule, placeholderList, type RuleFacts } from './rule-placeholders.js';

/** Until an operator saves a policy: version 1.0.0, nothing to update to. */
const DEFAULT_POLICY: AppVersionPolicy = {
  latest: '1.0.0',
  minSupported: '1.0.0',
  downloadUrl: '',
  updateContent: '',
  updatedAt: null,
};

const toPolicy = (r: AppVersionRow | undefined): AppVersionPolicy =>
  r
    ? {
        latest: r.latest,
        minSupported: r.minSupported,
        downloadUrl: r.downloadUrl,
        updateContent: r.updateContent,
        updatedAt: r.updatedAt.getTime(),
      }
    : DEFAULT_POLICY;

const toRule = (r: RuleRow): AdminRule => ({
  id: r.slug,
  title: r.title,
  content: r.content,
  updatedAt: r.updatedAt.getTime(),
});
/** The fixed order of the house's rules; any other stored one after them, by slug. */
const ruleOrder = (slug: string) => {
  const i = (ruleSlugs as readonly string[]).indexOf(slug);
  return i === -1 ? ruleSlugs.length : i;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Rules (keyed texts whose numbers come from the settings) and the app-version policy of the native shell. */
export function createContentService({
  db,
  clock,
  audit,
  settings,
  houseFigures,
}: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  settings: Pick<SettingsService, 'all'>;
  /** The last 12 months of the house's lots (auctions), for 关于本行's placeholders. */
  houseFigures?: (since: number) => Promise<HouseFigures>;
}) {
  const repo = createContentRepository(db);

  /** The time now, and the house's figures when the text reads them (counting them costs a query over the lots). */
  async function factsFor(content: string): Promise<RuleFacts> {
    const now = clock.now();
    if (!houseFigures || !FIGURE_PLACEHOLDER.test(content)) return { now };
    return { now, figures: await houseFigures(twelveMonthsBefore(now)) };
  }

  async function ruleSummaries(): Promise<RuleSummary[]> {
    const rows = await repo.allRules();
    return rows
      .sort((a, b) => ruleOrder(a.slug) - ruleOrder(b.slug) || a.slug.localeCompare(b.slug))
      .map((r) => ({ id: r.slug, title: r.title, updatedAt: r.updatedAt.getTime() }));
  }

  return {
    /** A rule as a member reads it: its placeholders filled from the settings in force now. */
    async rule(slug: string) {
      const row = await repo.rule(slug);
      if (!row) throw notFound();
      return {
        id: row.slug,
        title: row.title,
        content: fillRule(row.content, await settings.all(), await factsFor(row.content)),
      };
    },

    /** The house's rules for a member to choose from. */
    ruleList: ruleSummaries,

    adminRules: (): Promise<AdminRuleSummary[]> => ruleSummaries(),

    /** What an operator may write in a rule's text, and what each reads today. */
    async rulePlaceholders(): Promise<RulePlaceholderInfo[]> {
      return placeholderList(await settings.all(), await factsFor('{{lotsSold12m}}'));
    },

    async adminRule(slug: string): Promise<AdminRule> {
      const row = await repo.rule(slug);
      if (!row) throw notFound();
      return toRule(row);
    },

    /** An operator's new text of an existing rule, sanitised like an article's, audited with before and after. */
    async saveRule(actor: Actor, input: RuleInput): Promise<AdminRule> {
      const content = sanitizeRichText(input.content);
      // what survives must still say something: a text of only a script is refused, not saved empty
      if (summaryOf(content) === '' && !/<img\b/.test(content)) throw invalidField('content');
      return db.transaction(async (tx) => {
        const before = await repo.ruleForUpdate(input.id, tx);
        if (!before) throw notFound();
        const row = await repo.updateRule(
          input.id,
          { title: input.title, content, updatedAt: new Date(clock.now()) },
          tx,
        );
        await audit.record(tx, actor, {
          action: 'rule.update',
          targetType: 'rule',
          targetId: input.id,
          before: toRule(before),
          after: toRule(row),
        });
        return toRule(row);
      });
    },

    /**
     * The house's rules exist from the first start; edited ones are left alone. A rule still
     * reading its first text, whose numbers were written out, takes the text with placeholders.
     */
    async seedRules() {
      const now = new Date(clock.now());
      await repo.insertMissingRules(defaultRules.map((r) => ({ ...r, updatedAt: now })));
      for (const rule of defaultRules) {
        const legacy = legacyDefaultRuleHashes[rule.slug];
        if (!legacy) continue;
        const stored = await repo.rule(rule.slug);
        if (stored && stored.content !== rule.content && sha256(stored.content) === legacy) {
          await repo.replaceRuleContent(rule.slug, stored.content, rule.content);
        }
      }
    },

    /** The update check of the native shell: 2 forced below minSupported, 1 optional below latest. */
    async appVersion(version: string) {
      const p = toPolicy(await repo.appVersion());
      const update = compareVersions(version, p.minSupported) < 0 ? 2 : compareVersions(version, p.latest) < 0 ? 1 : 0;
      return {
        update: update as 0 | 1 | 2,
        version: p.latest,
        downloadUrl: p.downloadUrl,
        updateContent: p.updateContent,
      };
    },

    async adminAppVersion(): Promise<AppVersionPolicy> {
      return toPolicy(await repo.appVersion());
    },

    /** An operator's change of the policy (validated by its schema), audited with the values before and after. */
    async saveAppVersion(actor: Actor, input: AppVersionPolicyInput): Promise<AppVersionPolicy> {
      return db.transaction(async (tx) => {
        const before = await repo.appVersionForUpdate(tx);
        const row = await repo.saveAppVersion({ ...input, updatedAt: new Date(clock.now()) }, tx);
        await audit.record(tx, actor, {
          action: 'appVersion.update',
          targetType: 'appVersion',
          targetId: 1,
          before: toPolicy(before),
          after: toPolicy(row),
        });
        return toPolicy(row);
      });
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
