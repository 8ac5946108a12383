import { httpStatusOf, reasons } from '@antique/shared';

/*
 * The cases of the fuzzer over every operation of the OpenAPI document the app serves
 * (http/fuzz.test.ts in-process, ops/prove over HTTP against the built server). For each
 * operation: a plausible request built from the schema and then that request spoiled (odd
 * values in every field: 2^31, 2^53, negative and fractional numbers; NUL, lone
 * surrogates, right-to-left marks, emoji, 10,000 characters; wrong types, missing and extra
 * fields, arrays where objects belong, bad path parameters), and the check that an answer
 * is the envelope of API.md.
 */

export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    shuffle: <T>(xs: T[]): T[] => {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [xs[i], xs[j]] = [xs[j]!, xs[i]!];
      }
      return xs;
    },
  };
}
export type Rng = ReturnType<typeof rng>;

/** A value put into a URL as it is, unencoded (bad percent-encodings, an encoded NUL). */
export class Raw {
  constructor(readonly text: string) {}
}

// 2^53 − 1 and 10^15 are whole and safe, yet no date: every time field must refuse them (not a 500).
export const HUGE = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 63,
  1e15,
  1e308,
];
export const ODD_NUMBERS = [0, -1, -0.5, 1.5, 2 ** 31, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 1e15, 1e308, 99_999_999_999];
export const ODD_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\u202eمرحبا\u202c',
  '👍🏽🇨🇳𠀀',
  'x'.repeat(10_000),
  '中'.repeat(300),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '1e999',
  'NaN',
  '-0',
  '２',
  '\r\n\t',
  '{"a":1}',
];
export const WRONG_TYPES: unknown[] = [null, true, false, [], [1], {}, { a: 1 }, '1', 1, -1, 'x'.repeat(300), [[[]]]];
export const BAD_PATH_PARAMS: (string | Raw)[] = [
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  ' 2',
  new Raw('%00'),
  new Raw('2%00'),
  'x'.repeat(150),
  new Raw('%E0%A4%A'),
  new Raw('%ZZ'),
  '👍',
  '..',
  new Raw('%2F'),
];

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  const?: unknown;
  default?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  auth: 'guest' | 'member' | 'operator';
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  body?: JsonSchema;
  /** Honours an Idempotency-Key (said so in its description). */
  idempotent: boolean;
}

export interface Case<C extends string = string> {
  caller: C;
  method: string;
  url: string;
  /** Undefined: no body; a string: sent as it is with the content type below. */
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  what: string;
  headers?: Record<string, string>;
  /** Sent by the caller the operation is for (a member to a member's call). */
  own?: boolean;
}

export function operationsOf(spec: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as { in: string; name: string; schema: JsonSchema; required?: boolean }[];
      ops.push({
        method: method.toUpperCase(),
        path,
        auth: op.security ? (path.startsWith('/v1/admin') ? 'operator' : 'member') : 'guest',
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query').map((p) => ({ ...p, required: p.required === true })),
        body: op.requestBody?.content?.['application/json']?.schema,
        idempotent: String(op.description ?? '').includes('Idempotency-Key'),
      });
    }
  }
  return ops;
}

/** The id every plausible request names: a record that exists and is not the caller's own account. */
export const BASE_ID = 2;

export interface Fixtures {
  image: string;
  freshPhone: () => string;
}

export function typeOf(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  return s.type;
}

export function branch(s: JsonSchema): JsonSchema {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.find((a) => a.type !== 'null') ?? alts[0]!;
  if (s.allOf?.[0]) return { ...s.allOf[0], ...s, allOf: undefined };
  return s;
}

export const NAMED_STRINGS: Record<string, (f: Fixtures) => string> = {
  phone: (f) => f.freshPhone(),
  password: () => 'Passw0rd12',
  smsCode: () => '123456',
  tradePassword: () => '135790',
  regionCode: () => '110101',
  idNumber: () => '11010519491231002X',
  realName: () => '张三',
  captchaId: () => 'no-such-captcha',
  captchaCode: () => 'test',
  username: () => 'fuzz_user',
  link: () => '',
  detail: () => '文三路 478 号',
  name: () => '林婉清',
  title: () => '清乾隆 青花赏瓶',
  description: () => '<p>器形端庄</p>',
  image: (f) => f.image,
  cover: (f) => f.image,
  icon: (f) => f.image,
  avatar: (f) => f.image,
  frontImage: (f) => f.image,
  backImage: (f) => f.image,
  version: () => '1.0.0',
  key: () => 'no-such-key',
  sig: () => 'no-such-signature',
};

/** A value the schema accepts, as far as a schema can tell (names help with patterns). */
export function plausible(schema: JsonSchema, name: string, f: Fixtures): unknown {
  const s = branch(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v, k, f)]));
    case 'array': {
      const n = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: n }, () => plausible(s.items ?? {}, name.replace(/s$/, ''), f));
    }
    case 'integer':
    case 'number': {
      if (name === 'id' || /Id$/.test(name)) return BASE_ID;
      if (name === 'page') return 1;
      if (name === 'pageSize') return 10;
      const min = s.minimum ?? 0;
      const low = s.exclusiveMinimum === true ? min + 1 : min;
      return Math.min(Math.max(low, 100), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'string': {
      const named = NAMED_STRINGS[name];
      if (named) return named(f);
      const min = s.minLength ?? 1;
      return '古'.repeat(Math.min(Math.max(min, 4), s.maxLength ?? 4));
    }
    default:
      return s.default ?? null;
  }
}

export type Path = (string | number)[];

/** The leaves of a schema (fields holding a number, string, boolean), with their paths. */
export function leavesOf(schema: JsonSchema, at: Path = []): { path: Path; schema: JsonSchema }[] {
  const s = branch(schema);
  const t = typeOf(s);
  if (t === 'object' && s.properties) return Object.entries(s.properties).flatMap(([k, v]) => leavesOf(v, [...at, k]));
  if (t === 'array' && s.items) return [{ path: at, schema: s }, ...leavesOf(s.items, [...at, 0])];
  return [{ path: at, schema: s }];
}

export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  copy[head!] = setAt(copy[head!], rest, value);
  return copy;
}

export function deleteAt(root: unknown, path: Path): unknown {
  if (path.length === 0) return undefined;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  if (rest.length === 0) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head!];
  } else copy[head!] = deleteAt(copy[head!], rest);
  return copy;
}

/** Percent-encodes UTF-8 bytes (lone surrogates become U+FFFD, as a browser sends them). */
export function encode(v: string | Raw): string {
  if (v instanceof Raw) return v.text;
  let out = '';
  for (const b of Buffer.from(v, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function queryString(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    if (v === null) parts.push(encode(k));
    else if (Array.isArray(v)) for (const x of v) parts.push(`${encode(k)}=${encode(String(x))}`);
    else if (v instanceof Raw) parts.push(`${encode(k)}=${v.text}`);
    else if (typeof v === 'object')
      for (const [sk, sv] of Object.entries(v)) parts.push(`${encode(`${k}[${sk}]`)}=${encode(String(sv))}`);
    else parts.push(`${encode(k)}=${encode(String(v))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export function urlOf(op: Operation, params: Record<string, string | Raw>, query: Record<string, unknown>): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(params[name] ?? String(BASE_ID)));
  return `${path}${queryString(query)}`;
}

export function oddValueFor(schema: JsonSchema, r: Rng): unknown {
  const t = typeOf(branch(schema));
  if (t === 'integer' || t === 'number') return r.pick(ODD_NUMBERS);
  if (t === 'string') return r.pick(ODD_STRINGS);
  return r.pick(WRONG_TYPES);
}

/** The targeted value of a leaf: the number just past PostgreSQL's integer, or text with NUL. */
export function targetedValueFor(schema: JsonSchema): unknown {
  const t = typeOf(branch(schema));
  if (t === 'integer' || t === 'number') return 2 ** 31;
  if (t === 'string') return 'a\u0000b';
  if (t === 'array') return ['a\u0000b'];
  return { nested: 'a\u0000b' };
}

/** Every spoiled request of one operation, in a seeded order, the important ones first. */
export function casesOf(op: Operation, f: Fixtures, r: Rng, perOperation = 28): Omit<Case, 'caller'>[] {
  const baseQuery = Object.fromEntries(op.query.map((p) => [p.name, plausible(p.schema, p.name, f)]));
  const baseBody = op.body ? plausible(op.body, '', f) : undefined;
  const baseParams: Record<string, string | Raw> = {};
  const make = (
    what: string,
    o: {
      params?: Record<string, string | Raw>;
      query?: Record<string, unknown>;
      body?: unknown;
      noBody?: boolean;
      headers?: Record<string, string>;
    },
  ): Omit<Case, 'caller'> => ({
    method: op.method,
    url: urlOf(op, o.params ?? baseParams, o.query ?? baseQuery),
    ...(op.body && !o.noBody ? { body: 'body' in o ? o.body : baseBody } : {}),
    ...(o.headers ? { headers: o.headers } : {}),
    what,
  });

  const first: Omit<Case, 'caller'>[] = [make('plausible', {})];
  const rest: Omit<Case, 'caller'>[] = [];
  first.push(make('everything left out', { query: {}, ...(op.body ? { body: {} } : {}) }));
  if (op.body) {
    first.push(make('no body', { noBody: true }));
    rest.push(make('body an array', { body: [baseBody] }));
    rest.push(make('body a string', { body: 'x' }));
    rest.push(make('body a number', { body: 2 ** 53 }));
    rest.push(make('body null', { body: null }));
    rest.push(make('extra fields', { body: { ...(baseBody as object), extra: 'a\u0000b', constructor: { x: 1 } } }));
  }
  rest.push(make('extra query', { query: { ...baseQuery, extra: 'a\u0000b', 'x[y]': '1' } }));

  for (const p of op.pathParams) {
    first.push(make(`${p.name} 2^31`, { params: { [p.name]: String(2 ** 31) } }));
    for (const v of BAD_PATH_PARAMS) rest.push(make(`${p.name} odd`, { params: { [p.name]: v } }));
  }
  for (const q of op.query) {
    first.push(make(`${q.name} targeted`, { query: { ...baseQuery, [q.name]: targetedValueFor(q.schema) } }));
    rest.push(make(`${q.name} odd`, { query: { ...baseQuery, [q.name]: oddValueFor(q.schema, r) } }));
    rest.push(make(`${q.name} odd`, { query: { ...baseQuery, [q.name]: oddValueFor(q.schema, r) } }));
    rest.push(make(`${q.name} array`, { query: { ...baseQuery, [q.name]: ['1', '2'] } }));
    rest.push(make(`${q.name} bad encoding`, { query: { ...baseQuery, [q.name]: new Raw('%E0%A4%A') } }));
    rest.push(make(`${q.name} encoded NUL`, { query: { ...baseQuery, [q.name]: new Raw('1%00') } }));
    if (q.required) rest.push(make(`${q.name} missing`, { query: { ...baseQuery, [q.name]: undefined } }));
  }
  if (op.body) {
    for (const leaf of leavesOf(op.body)) {
      if (leaf.path.length === 0) continue;
      const name = leaf.path.join('.');
      first.push(make(`${name} targeted`, { body: setAt(baseBody, leaf.path, targetedValueFor(leaf.schema)) }));
      rest.push(make(`${name} huge`, { body: setAt(baseBody, leaf.path, r.pick(HUGE)) }));
      rest.push(make(`${name} odd`, { body: setAt(baseBody, leaf.path, oddValueFor(leaf.schema, r)) }));
      rest.push(make(`${name} wrong type`, { body: setAt(baseBody, leaf.path, r.pick(WRONG_TYPES)) }));
      rest.push(make(`${name} missing`, { body: deleteAt(baseBody, leaf.path) }));
    }
  }
  if (op.idempotent) {
    for (const key of ['', ' ', 'k'.repeat(65), '\u00ff\u0080', `fuzz-${r.next()}`])
      first.push(make('odd Idempotency-Key', { headers: { 'idempotency-key': key } }));
    // One key, two different requests: the second is refused, not run.
    const reused = { 'idempotency-key': `fuzz-reused-${op.path}` };
    first.push(make('Idempotency-Key', { headers: reused }));
    first.push(make('Idempotency-Key reused', { query: {}, ...(op.body ? { body: {} } : {}), headers: reused }));
  }
  r.shuffle(rest);
  const keep = first.slice(0, 40);
  return [...keep, ...rest.slice(0, Math.max(8, perOperation - keep.length))];
}

/** Requests below the operations: transport, framework and router. */
export function transportCases(): Omit<Case, 'caller'>[] {
  const json = 'application/json';
  return [
    { method: 'GET', url: `/v1/admin/members/${'1'.repeat(150)}`, what: 'over-long path parameter' },
    { method: 'DELETE', url: `/v1/iyd/address/${'9'.repeat(500)}`, what: 'over-long path parameter' },
    { method: 'GET', url: '/v1/admin/members/%E0%A4%A', what: 'bad URL encoding in the path' },
    { method: 'GET', url: '/v1/iyd/%', what: 'bad URL encoding in the path' },
    { method: 'GET', url: '/v1/iyd/product/info?id=%E0%A4%A', what: 'bad URL encoding in the query' },
    { method: 'GET', url: '/v1/iyd/product/info?id=%00', what: 'NUL in the query' },
    { method: 'POST', url: '/v1/iyd/member/login', rawBody: '{oops', contentType: json, what: 'bad JSON' },
    { method: 'POST', url: '/v1/iyd/member/login', rawBody: '', contentType: json, what: 'empty JSON body' },
    {
      method: 'POST',
      url: '/v1/iyd/member/login',
      rawBody: '{"__proto__":{"admin":true}}',
      contentType: json,
      what: 'prototype poisoning',
    },
    {
      method: 'POST',
      url: '/v1/iyd/member/login',
      rawBody: '{"constructor":{"prototype":{"admin":true}}}',
      contentType: json,
      what: 'constructor poisoning',
    },
    { method: 'POST', url: '/v1/iyd/member/login', rawBody: '<a/>', contentType: 'application/xml', what: 'XML' },
    { method: 'POST', url: '/v1/iyd/member/login', rawBody: 'a=1', contentType: 'text/plain', what: 'plain text' },
    {
      method: 'POST',
      url: '/v1/iyd/member/login',
      rawBody: 'phone=1',
      contentType: 'application/x-www-form-urlencoded',
      what: 'a form',
    },
    { method: 'POST', url: '/v1/iyd/member/login', rawBody: '{}', contentType: 'nonsense', what: 'bad content type' },
    {
      method: 'POST',
      url: '/v1/iyd/member/login',
      rawBody: JSON.stringify({ phone: 'x'.repeat(400_000) }),
      contentType: json,
      what: 'too-large body',
    },
    {
      method: 'PUT',
      url: '/v1/admin/settings',
      rawBody: `{"sms":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      contentType: json,
      what: 'deeply nested body',
    },
    { method: 'PATCH', url: '/v1/iyd/member/info', what: 'wrong method' },
    { method: 'DELETE', url: '/v1/iyd/product/info?id=1', what: 'wrong method' },
    { method: 'OPTIONS', url: '/v1/iyd/member/login', what: 'wrong method' },
    { method: 'GET', url: '/v1/iyd/member/login', what: 'wrong method' },
    { method: 'GET', url: '/v1/iyd/nothing-here', what: 'unknown route' },
    { method: 'GET', url: '/v1/admin/nothing-here/1', what: 'unknown route' },
    { method: 'GET', url: '/v1/iyd/product/info/1', what: 'unknown route' },
    { method: 'GET', url: '/v1/', what: 'unknown route' },
    { method: 'GET', url: '/v1//iyd//product/list', what: 'double slashes' },
    { method: 'POST', url: '/v1/iyd/oss/upload', rawBody: 'x', contentType: 'image/png', what: 'upload, wrong method' },
    ...['Bearer ' + 'x'.repeat(5000), 'Bearer a b', 'Basic YTpi', 'Bearer \u00ff', 'Bearer', ''].flatMap((auth) => [
      { method: 'GET', url: '/v1/iyd/member/info', headers: { authorization: auth }, what: 'odd Authorization' },
      { method: 'GET', url: '/v1/admin/me', headers: { authorization: auth }, what: 'odd Authorization' },
      { method: 'GET', url: '/v1/iyd/product/list', headers: { authorization: auth }, what: 'odd Authorization' },
    ]),
    {
      method: 'GET',
      url: '/v1/iyd/product/list',
      headers: { 'accept-language': '\u00ff;q=x,,' },
      what: 'odd language',
    },
    { method: 'GET', url: '/files/product/nothing.png', what: 'a missing file' },
    { method: 'GET', url: '/files/%00', what: 'a file named NUL' },
    { method: 'GET', url: '/files/..%2F..%2Fetc%2Fpasswd', what: 'a file outside the store' },
    {
      method: 'GET',
      url: '/files/idcard/x.png?expires=9007199254740993&sig=%00',
      what: 'a private file, odd signature',
    },
  ];
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

export const codes = new Set(Object.keys(httpStatusOf).map(Number));
export const knownReasons = new Set<string>(reasons);

/** Why an answer is not the envelope of API.md, or undefined when it is. */
export function envelopeProblem(a: Answer): string | undefined {
  if (a.status === 200 && a.contentType.startsWith('text/csv')) return undefined;
  if (a.status === 200 && a.contentType.startsWith('text/event-stream')) return undefined;
  if (!a.contentType.startsWith('application/json')) return `content type ${a.contentType || 'none'}`;
  let b: any;
  try {
    b = JSON.parse(a.body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return 'body is not an object';
  const keys = Object.keys(b).sort().join(',');
  if (keys !== 'code,data,msg') return `keys ${keys}`;
  if (!codes.has(b.code)) return `code ${b.code}`;
  if (httpStatusOf[b.code as keyof typeof httpStatusOf] !== a.status) return `HTTP ${a.status} for code ${b.code}`;
  if (typeof b.msg !== 'string' || b.msg === '') return 'msg';
  if (b.code === 200) return undefined;
  if (b.data !== null && (typeof b.data !== 'object' || !knownReasons.has(b.data.reason)))
    return `data ${JSON.stringify(b.data).slice(0, 80)}`;
  if (b.data?.reason === 'VALIDATION' && typeof b.data.field !== 'string') return 'VALIDATION without data.field';
  return undefined;
}

export function describeCase(c: Case, a: Answer, problem: string): string {
  const payload = c.rawBody ?? (c.body === undefined ? '' : JSON.stringify(c.body));
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  return [
    `${c.method} ${cut(c.url, 160)} as ${c.caller} (${c.what}): ${problem}`,
    payload ? `  payload ${cut(payload, 240)}` : '',
    `  answer ${a.status} ${cut(a.body, 240)}`,
  ]
    .filter(Boolean)
    .join('\n');
}
