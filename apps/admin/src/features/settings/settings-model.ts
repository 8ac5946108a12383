import { formatFen, parseYuan, settingsSchema, type Settings } from '@antique/shared';
import { fenToYuanText } from '../../components/yuan-input';

/**
 * How the settings page shows each stored number: money as yuan (stored as fen), rates as
 * percentages (stored as basis points), counts and durations with their unit.
 */
export type FieldUnit = { kind: 'fen' } | { kind: 'bps' } | { kind: 'int'; suffix: string };

export type SectionKey = keyof Settings;

export interface ScalarField {
  /** Where it sits in Settings, and in the form. */
  path: readonly string[];
  label: string;
  unit: FieldUnit;
  help?: string;
  testId: string;
}

const int = (suffix: string): FieldUnit => ({ kind: 'int', suffix });
const FEN: FieldUnit = { kind: 'fen' };
const BPS: FieldUnit = { kind: 'bps' };

/** Every single-number setting, in the page's order. */
export const SCALAR_FIELDS: readonly ScalarField[] = [
  {
    path: ['sms', 'cooldownSeconds'],
    label: '同一手机号发送间隔',
    unit: int('秒'),
    help: '两次获取验证码之间至少等待的时间',
    testId: 'settings-sms-cooldown',
  },
  {
    path: ['sms', 'dailyLimit'],
    label: '每个手机号每日上限',
    unit: int('条'),
    help: '按北京时间自然日计算',
    testId: 'settings-sms-daily',
  },
  { path: ['sms', 'codeTtlSeconds'], label: '验证码有效期', unit: int('秒'), testId: 'settings-sms-ttl' },
  {
    path: ['sms', 'maxTries'],
    label: '每个验证码可尝试',
    unit: int('次'),
    help: '输错达到次数后验证码作废',
    testId: 'settings-sms-tries',
  },
  {
    path: ['login', 'maxFailures'],
    label: '会员登录失败上限',
    unit: int('次'),
    help: '统计时段内达到上限，该手机号暂停登录一个时段',
    testId: 'settings-login-failures',
  },
  { path: ['login', 'windowMinutes'], label: '会员登录统计时段', unit: int('分钟'), testId: 'settings-login-window' },
  {
    path: ['operatorLogin', 'maxFailures'],
    label: '运营账号需验证码的失败次数',
    unit: int('次'),
    help: '同一用户名在统计时段内登录失败达到次数后，登录须输入图形验证码；账号不会被锁定',
    testId: 'settings-operator-failures',
  },
  {
    path: ['operatorLogin', 'windowMinutes'],
    label: '运营账号登录统计时段',
    unit: int('分钟'),
    testId: 'settings-operator-window',
  },
  {
    path: ['operatorLogin', 'lockMinutes'],
    label: '同一地址登录暂停时长',
    unit: int('分钟'),
    help: '同一地址在统计时段内登录失败 10 次后，暂停该地址登录的时长',
    testId: 'settings-operator-lock',
  },
  {
    path: ['tradePassword', 'maxFailures'],
    label: '交易密码错误上限',
    unit: int('次'),
    help: '达到上限后暂停支付、出价与提现',
    testId: 'settings-trade-failures',
  },
  {
    path: ['tradePassword', 'lockMinutes'],
    label: '交易密码锁定时长',
    unit: int('分钟'),
    testId: 'settings-trade-lock',
  },
  {
    path: ['mallPaymentMinutes'],
    label: '商城订单支付时限',
    unit: int('分钟'),
    help: '下单后未在时限内支付，订单自动取消',
    testId: 'settings-mall-payment',
  },
  {
    path: ['maxUnpaidOrders'],
    label: '未付款商城订单上限',
    unit: int('笔'),
    help: '每位会员同时最多保留的未付款订单；达到上限需先支付或取消',
    testId: 'settings-max-unpaid',
  },
  {
    path: ['auctionPaymentHours'],
    label: '拍卖成交付款时限',
    unit: int('小时'),
    help: '逾期未付，订单取消、保证金没收，拍品流拍',
    testId: 'settings-auction-payment',
  },
  {
    path: ['softCloseSeconds'],
    label: '延时窗口',
    unit: int('秒'),
    help: '结束前这段时间内有出价，结束时间顺延至出价后这么久',
    testId: 'settings-soft-close',
  },
  {
    path: ['softCloseCapMinutes'],
    label: '最长延时',
    unit: int('分钟'),
    help: '拍品结束时间最多比原定晚这么久',
    testId: 'settings-soft-close-cap',
  },
  {
    path: ['bidDepositBps'],
    label: '出价保证金比例',
    unit: BPS,
    help: '按最高出价冻结，不中标者在结拍时解冻',
    testId: 'settings-deposit',
  },
  {
    path: ['buyerPremiumBps'],
    label: '买家佣金',
    unit: BPS,
    help: '加在落槌价上，计入拍卖订单',
    testId: 'settings-buyer-premium',
  },
  {
    path: ['sellerCommissionBps'],
    label: '卖家佣金',
    unit: BPS,
    help: '从委托人所得中扣除',
    testId: 'settings-seller-commission',
  },
  { path: ['withdraw', 'minAmount'], label: '单笔最低提现', unit: FEN, testId: 'settings-withdraw-min' },
  { path: ['withdraw', 'maxAmount'], label: '单笔最高提现', unit: FEN, testId: 'settings-withdraw-max' },
  {
    path: ['withdraw', 'perDay'],
    label: '每日提现次数',
    unit: int('笔'),
    help: '按北京时间自然日计算',
    testId: 'settings-withdraw-per-day',
  },
  {
    path: ['withdraw', 'feeBps'],
    label: '提现手续费率',
    unit: BPS,
    help: '从提现金额中扣除',
    testId: 'settings-withdraw-fee',
  },
  {
    path: ['withdraw', 'minFee'],
    label: '最低手续费',
    unit: FEN,
    help: '须低于单笔最低提现金额',
    testId: 'settings-withdraw-min-fee',
  },
  {
    path: ['recharge', 'minAmount'],
    label: '单笔最低充值',
    unit: FEN,
    help: '在线充值（支付宝、微信支付）开通后生效；银行转账由财务入账，不受此限',
    testId: 'settings-recharge-min',
  },
  { path: ['recharge', 'maxAmount'], label: '单笔最高充值', unit: FEN, testId: 'settings-recharge-max' },
  {
    path: ['referralRateBps'],
    label: '邀请奖励比例',
    unit: BPS,
    help: '直接邀请的会员每笔已支付订单按此比例奖励邀请人，最高 1%；0 为关闭。仅一级，无多级分佣',
    testId: 'settings-referral',
  },
  {
    path: ['pickAutoReceiveDays'],
    label: '发货后自动确认收货',
    unit: int('天'),
    help: '会员未手动确认收货，到期自动完成提货',
    testId: 'settings-pick-auto-receive',
  },
  {
    path: ['guaranteeDays'],
    label: '保障申请期限',
    unit: int('天'),
    help: '买家确认收货后在此天数内可申请保障（与描述不符、非真品、损坏等）',
    testId: 'settings-guarantee-days',
  },
];

export const VIP_LEVELS = [0, 1, 2, 3, 4, 5] as const;

/** What the form holds: money as the yuan text typed, rates as percentages, counts as numbers. */
export type FormNumber = number | null | undefined;
export interface IncrementRow {
  below: string;
  step: string;
}
export interface SettingsFormValues {
  [section: string]: unknown;
  vipThresholds: string[];
  increments: IncrementRow[];
}

type Path = readonly (string | number)[];

function getAt(source: unknown, path: Path): unknown {
  let here: unknown = source;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}

function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  let here = target;
  path.slice(0, -1).forEach((key) => {
    if (typeof here[key] !== 'object' || here[key] === null) here[key] = {};
    here = here[key] as Record<string, unknown>;
  });
  here[path[path.length - 1]!] = value;
}

/** Basis points as the percentage typed: 1000 → 10. */
export const bpsToPercent = (bps: number) => bps / 100;

export function formatValue(unit: FieldUnit, value: number): string {
  if (unit.kind === 'fen') return formatFen(value);
  if (unit.kind === 'bps') return `${(value / 100).toFixed(2)}%`;
  return `${value} ${unit.suffix}`;
}

/** The stored settings as the form shows them. */
export function toFormValues(settings: Settings): SettingsFormValues {
  const values: Record<string, unknown> = {};
  for (const field of SCALAR_FIELDS) {
    const stored = getAt(settings, field.path) as number;
    const shown =
      field.unit.kind === 'fen' ? fenToYuanText(stored) : field.unit.kind === 'bps' ? bpsToPercent(stored) : stored;
    setAt(values, field.path, shown);
  }
  values.vipThresholds = settings.vipThresholds.map(fenToYuanText);
  values.increments = settings.increments.map(([below, step]) => ({
    below: below === null ? '' : fenToYuanText(below),
    step: fenToYuanText(step),
  }));
  // Sections edited on other pages (the house's particulars, with the contact page) ride along unchanged.
  for (const key of Object.keys(settings) as (keyof Settings)[]) if (!onThisForm(key)) values[key] = settings[key];
  return values as SettingsFormValues;
}

/** Whether a section of Settings has fields on the settings form (the rest is kept as it came). */
function onThisForm(key: string): boolean {
  return key === 'vipThresholds' || key === 'increments' || SCALAR_FIELDS.some((f) => f.path[0] === key);
}

/** A field's message, by the form's name for it (`['withdraw', 'maxAmount']`, `['increments', 2, 'step']`). */
export interface FieldProblem {
  name: (string | number)[];
  message: string;
}

export type ReadResult = { settings: Settings; problems: [] } | { settings: null; problems: FieldProblem[] };

const MONEY_FORMAT = '金额格式不正确：请输入数字，最多两位小数';

/** The form's values as Settings, checked by the same schema the server uses, with messages in Chinese. */
export function readForm(values: SettingsFormValues): ReadResult {
  const problems: FieldProblem[] = [];
  const candidate: Record<string, unknown> = {};

  for (const field of SCALAR_FIELDS) {
    const raw = getAt(values, field.path);
    const name = [...field.path];
    if (field.unit.kind === 'fen') {
      const fen = typeof raw === 'string' && raw.trim() !== '' ? parseYuan(raw) : null;
      if (typeof raw !== 'string' || raw.trim() === '') problems.push({ name, message: `请填写${field.label}` });
      else if (fen === null) problems.push({ name, message: MONEY_FORMAT });
      setAt(candidate, field.path, fen);
    } else if (typeof raw !== 'number' || !Number.isFinite(raw)) {
      problems.push({ name, message: `请填写${field.label}` });
      setAt(candidate, field.path, null);
    } else if (field.unit.kind === 'bps') {
      setAt(candidate, field.path, Math.round(raw * 100));
    } else {
      if (!Number.isInteger(raw)) problems.push({ name, message: '请输入整数' });
      setAt(candidate, field.path, raw);
    }
  }

  candidate.vipThresholds = VIP_LEVELS.map((level) => {
    const text = values.vipThresholds?.[level] ?? '';
    const fen = text.trim() === '' ? null : parseYuan(text);
    if (text.trim() === '') problems.push({ name: ['vipThresholds', level], message: `请填写 V${level} 门槛` });
    else if (fen === null) problems.push({ name: ['vipThresholds', level], message: MONEY_FORMAT });
    return fen;
  });
  const thresholds = candidate.vipThresholds as (number | null)[];
  thresholds.forEach((fen, level) => {
    const previous = thresholds[level - 1];
    if (level > 0 && fen !== null && previous !== null && previous !== undefined && fen <= previous) {
      problems.push({ name: ['vipThresholds', level], message: `须高于 V${level - 1} 的门槛` });
    }
  });

  const rows = values.increments ?? [];
  if (rows.length === 0) problems.push({ name: ['increments'], message: '加价幅度表至少要有一行' });
  candidate.increments = rows.map((row, i) => {
    const last = i === rows.length - 1;
    let below: number | null = null;
    if (!last) {
      const text = row.below ?? '';
      below = text.trim() === '' ? null : parseYuan(text);
      if (text.trim() === '') problems.push({ name: ['increments', i, 'below'], message: '请填写价格上限' });
      else if (below === null) problems.push({ name: ['increments', i, 'below'], message: MONEY_FORMAT });
      else if (below <= 0) problems.push({ name: ['increments', i, 'below'], message: '价格上限须大于 0' });
      const previous = i > 0 ? parseYuan(rows[i - 1]?.below ?? '') : null;
      if (below !== null && previous !== null && below <= previous) {
        problems.push({ name: ['increments', i, 'below'], message: '须高于上一行的价格上限' });
      }
    }
    const stepText = row.step ?? '';
    const step = stepText.trim() === '' ? null : parseYuan(stepText);
    if (stepText.trim() === '') problems.push({ name: ['increments', i, 'step'], message: '请填写加价幅度' });
    else if (step === null) problems.push({ name: ['increments', i, 'step'], message: MONEY_FORMAT });
    else if (step <= 0) problems.push({ name: ['increments', i, 'step'], message: '加价幅度须大于 0' });
    return [below, step];
  });

  if (problems.length > 0) return { settings: null, problems: dedupe(problems) };

  for (const [key, value] of Object.entries(values)) if (!onThisForm(key)) candidate[key] = value;
  const parsed = settingsSchema.safeParse(candidate);
  if (parsed.success) return { settings: parsed.data, problems: [] };
  return {
    settings: null,
    problems: dedupe(
      parsed.error.issues.map((issue) => ({
        name: formNameOf(issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))),
        message: issueText(issue),
      })),
    ),
  };
}

function dedupe(problems: FieldProblem[]): FieldProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = p.name.join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The form's name for a place in Settings (`increments.2.1` → the row's step). */
export function formNameOf(path: readonly (string | number)[]): (string | number)[] {
  const name = path.map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p));
  if (name[0] === 'increments' && name.length === 3) return ['increments', name[1]!, name[2] === 0 ? 'below' : 'step'];
  return name;
}

function unitAt(path: readonly (string | number)[]): FieldUnit {
  if (path[0] === 'vipThresholds' || path[0] === 'increments') return FEN;
  const field = SCALAR_FIELDS.find((f) => f.path.length === path.length && f.path.every((p, i) => p === path[i]));
  return field?.unit ?? int('');
}

const RULE_TEXTS: Record<string, string> = {
  'invalid.maxAmount': '单笔最高提现不能低于单笔最低提现',
  'invalid.rechargeMaxAmount': '单笔最高充值不能低于单笔最低充值',
  'invalid.minFee': '最低手续费须低于单笔最低提现（最小一笔扣除手续费后须有余额）',
  'invalid.vipThresholds': 'V0 门槛须为 0，且每一级须高于上一级',
  'invalid.increments': '价格上限须逐行升高，只有最后一行为「以上」',
};

interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

function issueText(issue: SchemaIssue): string {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  const unit = unitAt(path);
  const bound = (n: unknown) => (typeof n === 'number' || typeof n === 'bigint' ? formatValue(unit, Number(n)) : '');
  if (issue.code === 'too_small') return `不能低于 ${bound(issue.minimum)}`;
  if (issue.code === 'too_big') return `不能高于 ${bound(issue.maximum)}`;
  if (issue.code === 'invalid_type') return '请填写此项';
  return RULE_TEXTS[issue.message] ?? '数值不符合要求';
}

/** One changed setting as the confirmation lists it. */
export interface SettingChange {
  section: SectionKey;
  label: string;
  before: string;
  after: string;
}

const SECTION_LABELS: Partial<Record<SectionKey, string>> = {
  sms: '短信',
  login: '会员登录',
  operatorLogin: '运营账号登录',
  tradePassword: '交易密码',
  withdraw: '提现',
  recharge: '充值',
};

const incrementsText = (rows: Settings['increments']) =>
  rows
    .map(([below, step]) =>
      below === null ? `以上 +${formatFen(step)}` : `低于 ${formatFen(below)} +${formatFen(step)}`,
    )
    .join('；');

/** What differs between the stored settings and the edited ones, field by field. */
export function changesBetween(before: Settings, after: Settings): SettingChange[] {
  const changes: SettingChange[] = [];
  for (const field of SCALAR_FIELDS) {
    const was = getAt(before, field.path) as number;
    const now = getAt(after, field.path) as number;
    if (was === now) continue;
    const section = field.path[0] as SectionKey;
    changes.push({
      section,
      label: field.label,
      before: formatValue(field.unit, was),
      after: formatValue(field.unit, now),
    });
  }
  VIP_LEVELS.forEach((level) => {
    const was = before.vipThresholds[level];
    const now = after.vipThresholds[level];
    if (was === undefined || now === undefined || was === now) return;
    changes.push({
      section: 'vipThresholds',
      label: `V${level} 累计支付门槛`,
      before: formatFen(was),
      after: formatFen(now),
    });
  });
  if (JSON.stringify(before.increments) !== JSON.stringify(after.increments)) {
    changes.push({
      section: 'increments',
      label: '加价幅度表',
      before: incrementsText(before.increments),
      after: incrementsText(after.increments),
    });
  }
  return changes;
}

export const sectionLabel = (section: SectionKey) => SECTION_LABELS[section];

/** The sections (top-level keys) that changed, whole, as the server takes them. */
export function patchOf(before: Settings, after: Settings): Partial<Settings> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as SectionKey[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch as Partial<Settings>;
}
