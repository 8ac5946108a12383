import type { Rule } from 'antd/es/form';
import { formatFen, parseYuan } from '@antique/shared';

// The console's forms check what an operator typed with the contract's own zod schemas
// (packages/shared), so every limit is written once. This is the one adapter: a schema (or
// one field of it) becomes an antd Form rule, its bounds the inputs' maxLength, and each
// issue zod reports a Chinese sentence that names the field and the limit.

/** An issue as zod 4 reports it (the fields read here). */
interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
}

interface SchemaCheck {
  _zod: {
    def: { check: string; minimum?: unknown; maximum?: unknown; length?: unknown; value?: unknown; format?: string };
  };
}

/** What of a zod 4 schema the adapter reads: its parse, and `_zod.def`, the definition zod documents for libraries. */
export interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly SchemaIssue[] } };
  _zod: {
    def: {
      type: string;
      innerType?: FieldSchema;
      element?: FieldSchema;
      shape?: Record<string, FieldSchema>;
      checks?: readonly SchemaCheck[];
    };
  };
}

export interface FieldWords {
  /** The field as a sentence names it: 商品名称. */
  label: string;
  /**
   * Given, the form asks for the field even where the wire has it optional (a text says
   * itself, true says 请输入{label}); otherwise it asks when the schema refuses an empty one.
   */
  required?: string | true;
  /** Said for a pattern or rule of the schema that no bound describes (a link, an e-mail address). */
  invalid?: string | ((value: unknown) => string);
  /** Said for whatever the schema refuses in a typed value, where its rule reads best whole (运单号为 6 至 40 位字母、数字或连字符). */
  rule?: string;
  /** How a list counts its items (张 for pictures, 个 for tags; 项), or a text its length (个字). */
  unit?: string;
  /** Typed in yuan ("1,000.50"), checked by a schema in integer fen. */
  yuan?: boolean;
}

export interface FieldLimits {
  /** Length of a text or a list, or a number's value; fen for money. */
  min?: number;
  max?: number;
}

/** Wrappers that leave an empty field acceptable. */
const OPTIONAL = new Set(['optional', 'default', 'prefault', 'nullable']);

function unwrap(schema: FieldSchema): { core: FieldSchema; optional: boolean } {
  let core = schema;
  let optional = false;
  for (let inner = core._zod.def.innerType; inner; inner = core._zod.def.innerType) {
    if (OPTIONAL.has(core._zod.def.type)) optional = true;
    core = inner;
  }
  return { core, optional };
}

const numberOf = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;

/** The schema's bounds: length for text and lists, value for numbers. */
export function fieldLimits(schema: FieldSchema): FieldLimits {
  const limits: FieldLimits = {};
  for (const check of unwrap(schema).core._zod.def.checks ?? []) {
    const def = check._zod.def;
    if (def.check === 'min_length' || def.check === 'greater_than') limits.min = numberOf(def.minimum ?? def.value);
    else if (def.check === 'max_length' || def.check === 'less_than') limits.max = numberOf(def.maximum ?? def.value);
    else if (def.check === 'length_equals') limits.min = limits.max = numberOf(def.length);
  }
  return limits;
}

/** A bound the form cannot do without (the most pictures a list holds); a schema without it is a mistake here. */
export function boundOf(schema: FieldSchema, which: keyof FieldLimits): number {
  const bound = fieldLimits(schema)[which];
  if (bound === undefined) throw new Error(`the schema has no ${which}`);
  return bound;
}

const isInteger = (schema: FieldSchema) =>
  (unwrap(schema).core._zod.def.checks ?? []).some((c) => c._zod.def.format === 'safeint');

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** Whether the schema refuses an empty field ('' for text, [] for a list, nothing otherwise). */
export function schemaRequires(schema: FieldSchema): boolean {
  const { core, optional } = unwrap(schema);
  if (optional) return false;
  const type = core._zod.def.type;
  return !schema.safeParse(type === 'string' ? '' : type === 'array' ? [] : undefined).success;
}

/** The schema of the value at a path inside a schema (a list's item, an object's field). */
function schemaAt(schema: FieldSchema, path: readonly PropertyKey[]): FieldSchema {
  let here = schema;
  for (const key of path) {
    const { def } = unwrap(here).core._zod;
    const next = typeof key === 'number' ? def.element : typeof key === 'string' ? def.shape?.[key] : undefined;
    if (!next) return here;
    here = next;
  }
  return here;
}

/** 9999 as written, 1,000,000 grouped. */
const count = (n: number | undefined) => (n === undefined ? '' : n >= 10_000 ? n.toLocaleString('en-US') : String(n));

const YUAN_FORMAT = '格式不正确：请输入数字，最多两位小数';

function issueText(schema: FieldSchema, issue: SchemaIssue, words: FieldWords, value: unknown): string {
  const path = issue.path;
  const at = schemaAt(schema, path);
  const { min, max } = fieldLimits(at);
  const type = unwrap(at).core._zod.def.type;
  // A list's item speaks of each one (每个标签为 1 至 10 个字), in its own unit.
  const who = typeof path[0] === 'number' ? `每个${words.label}` : words.label;
  const unit = (fallback: string) => (path.length === 0 ? (words.unit ?? fallback) : fallback);
  const invalid = () =>
    typeof words.invalid === 'function' ? words.invalid(value) : (words.invalid ?? `${who}格式不正确`);
  const tooSmall = issue.code === 'too_small';
  const tooBig = issue.code === 'too_big';

  if (type === 'string') {
    const chars = unit('个字');
    if (tooSmall)
      return max === undefined
        ? `${who}至少 ${count(min)} ${chars}`
        : `${who}为 ${count(min)} 至 ${count(max)} ${chars}`;
    if (tooBig) return `${who}不能超过 ${count(max)} ${chars}`;
    return invalid();
  }
  if (type === 'array') {
    const items = unit('项');
    if (tooSmall) return `${who}至少 ${count(min)} ${items}`;
    if (tooBig) return `${who}最多 ${count(max)} ${items}`;
    return invalid();
  }
  if (type === 'number' && words.yuan) {
    if (tooSmall) return (min ?? 0) <= 1 ? `${who}必须大于 0` : `${who}不能低于 ${formatFen(min ?? 0)}`;
    if (tooBig) return `${who}不能超过 ${formatFen(max ?? 0)}`;
    return `${who}${YUAN_FORMAT}`;
  }
  if (type === 'number') {
    const whole = isInteger(at) ? '整数' : '数字';
    if (min !== undefined && max !== undefined) return `${who}须为 ${count(min)} 至 ${count(max)} 的${whole}`;
    if (tooSmall) return `${who}不能小于 ${count(min)}`;
    if (tooBig) return `${who}不能大于 ${count(max)}`;
    return `${who}须为${whole}`;
  }
  return invalid();
}

/** Why the schema refuses what was typed, in the operator's words; null when it takes it. */
export function fieldProblem(schema: FieldSchema, value: unknown, words: FieldWords): string | null {
  const required = words.required !== undefined || schemaRequires(schema);
  const requiredText = typeof words.required === 'string' ? words.required : `请输入${words.label}`;
  if (isEmpty(value) || (words.yuan && isBlank(value))) return required ? requiredText : null;
  // Spaces alone are nothing typed where the form asks, or where the schema trims them away.
  if (isBlank(value) && words.required !== undefined) return requiredText;
  let parsed = value;
  if (words.yuan) {
    const fen = typeof value === 'string' ? parseYuan(value) : null;
    if (fen === null) return `${words.label}${YUAN_FORMAT}`;
    parsed = fen;
  }
  const result = schema.safeParse(parsed);
  const issue = result.success ? undefined : result.error?.issues[0];
  if (!issue) return null;
  if (isBlank(value)) return requiredText;
  return words.rule ?? issueText(schema, issue, words, value);
}

/** An amount typed in yuan as fen, or why the schema refuses it. */
export function readYuan(schema: FieldSchema, text: string, words: Omit<FieldWords, 'yuan'>) {
  const error = fieldProblem(schema, text, { ...words, yuan: true });
  return { fen: error === null ? parseYuan(text) : null, error };
}

/**
 * A Form.Item's `required` and `rules` from the schema: spread onto the item, or add the
 * form's own rules (a name already taken, two fields compared) after these.
 */
export function schemaRules(schema: FieldSchema, words: FieldWords): { required: boolean; rules: Rule[] } {
  return {
    required: words.required !== undefined || schemaRequires(schema),
    rules: [
      {
        validator: (_, value: unknown) => {
          const problem = fieldProblem(schema, value, words);
          return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
        },
      },
    ],
  };
}
