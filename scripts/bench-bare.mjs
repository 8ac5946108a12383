// The yardstick of `npm run bench`: a bare Fastify + pg server, started by the bench in its
// own process on the house's database, answering each read scenario with the statements
// the house needs for the same answer (same rows, the columns the response shows, the
// session lookup of a member call) and the same envelope, serialised with JSON.stringify,
// with the same headers (the server's security headers as the bench read them, passed in
// BENCH_HEADERS, a request id and the server time). No schemas, no ORM, no plugins. The
// bench checks that both answer the same data.
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { maskName, maskPhone, vipLevelFor } from '../packages/shared/dist/index.js';
import { queryTerms, similarityTerms, TITLE_TAG } from '../apps/server/dist/modules/search/search-terms.js';

const PORT = Number(process.env.PORT);
const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);

const settingRow = await pool.query(`SELECT value FROM settings WHERE key = 'vipThresholds'`);
const vipThresholds = settingRow.rows[0]?.value;

const ok = (data) => ({ code: 200, msg: 'ok', data });
const page = (list, total, p, size) => ({ list, total, page: p, pageSize: size, hasMore: p * size < total });
const num = (v, d) => (v === undefined ? d : Number(v));

async function member(req, reply) {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!m) return reply.code(401).send({ code: 301 });
  const hash = crypto.createHash('sha256').update(m[1]).digest('hex');
  const { rows } = await pool.query(
    'SELECT id, member_id, last_used_at, revoked_at FROM member_sessions WHERE token_hash = $1',
    [hash],
  );
  const s = rows[0];
  if (!s || s.revoked_at || Date.now() - s.last_used_at.getTime() > SESSION_IDLE_MS) {
    return reply.code(401).send({ code: 302 });
  }
  if (Date.now() - s.last_used_at.getTime() > 60_000) {
    await pool.query('UPDATE member_sessions SET last_used_at = $2 WHERE id = $1', [s.id, new Date()]);
  }
  req.memberId = s.member_id;
}

const CARD = `id, title, cover, price, market_price AS "marketPrice", stock, sales, category_id AS "categoryId", tags`;
const ORDER_BY = {
  new: 'id DESC',
  price_asc: 'price ASC, id DESC',
  price_desc: 'price DESC, id DESC',
  sales: 'sales DESC, id DESC',
};

const app = Fastify({ logger: false });
const headers = JSON.parse(process.env.BENCH_HEADERS ?? '{}');
app.addHook('onRequest', (_req, reply, done) => {
  reply.headers(headers);
  reply.header('x-server-time', String(Date.now()));
  reply.header('x-request-id', crypto.randomUUID());
  done();
});

app.get('/v1/iyd/product/list', async (req) => {
  const q = req.query;
  const p = num(q.page, 1);
  const size = num(q.pageSize, 10);
  const params = [];
  const where = ['on_sale = true'];
  if (q.categoryId) {
    const id = Number(q.categoryId);
    const children = await pool.query('SELECT id FROM categories WHERE parent_id = $1', [id]);
    params.push([id, ...children.rows.map((r) => r.id)]);
    where.push(`category_id = ANY($${params.length}::int[])`);
  }
  // A keyword: every one of its terms among the product's, the best title matches first (issue 18's search).
  const terms = q.keyword ? queryTerms(q.keyword) : [];
  if (terms.length > 0) {
    params.push(terms);
    where.push(`search_terms @> $${params.length}::text[]`);
  }
  const w = where.join(' AND ');
  const n = params.length;
  const titled = terms.map((t) => TITLE_TAG + t);
  const rank = titled.map((_, i) => `(search_terms @> ARRAY[$${n + i + 1}]::text[])::int`).join(' + ');
  const m = n + titled.length;
  const [list, total] = await Promise.all([
    pool.query(
      `SELECT ${CARD} FROM products WHERE ${w} ORDER BY ${rank ? `${rank} DESC, ` : ''}${ORDER_BY[q.sort ?? 'new']} LIMIT $${m + 1} OFFSET $${m + 2}`,
      [...params, ...titled, size, (p - 1) * size],
    ),
    pool.query(`SELECT count(*) AS n FROM products WHERE ${w}`, params),
  ]);
  return ok(page(list.rows, total.rows[0].n, p, size));
});

app.get('/v1/iyd/product/info', async (req, reply) => {
  const id = Number(req.query.id);
  const { rows } = await pool.query(
    `SELECT ${CARD}, images, description, era, material, dimensions, provenance, on_sale AS "onSale"
       FROM products WHERE id = $1`,
    [id],
  );
  const p = rows[0];
  if (!p) return reply.code(404).send({ code: 404 });
  // The house's sales of pieces like it (issue 18): shared terms, title terms counted twice, same department first.
  const { title, rest } = similarityTerms(p);
  const held = [...title, ...rest, ...title.map((t) => TITLE_TAG + t)];
  const score = held.map((_, i) => `(search_terms @> ARRAY[$${i + 3}]::text[])::int`).join(' + ') || '0';
  const [similar, report] = await Promise.all([
    title.length === 0
      ? { rows: [] }
      : pool.query(
          `SELECT id AS "lotId", title, cover, hammer_price AS hammer, ends_at AS "endedAt" FROM lots
            WHERE status = 'sold' AND hammer_price IS NOT NULL AND search_terms && $1::text[]
            ORDER BY ${score} DESC, (category_id = $2)::int DESC, ends_at DESC, id DESC LIMIT 6`,
          [title, p.categoryId, ...held],
        ),
    pool.query(`SELECT 1 FROM condition_reports WHERE subject = 'product' AND subject_id = $1`, [id]),
  ]);
  // The bench's pieces have no condition report; one with a report would differ and stop the bench.
  if (report.rows.length > 0) return reply.code(501).send({ code: 501 });
  const comparables = similar.rows.map((r) => ({ ...r, hammer: r.hammer ?? 0, endedAt: r.endedAt.getTime() }));
  return ok({ ...p, collected: false, condition: null, comparables });
});

app.get('/v1/iyd/member/info', { onRequest: member }, async (req) => {
  const { rows } = await pool.query(
    `SELECT id, phone, nickname, avatar, total_paid, invite_code, real_name_status, real_name_reason, real_name,
            trade_password_hash IS NOT NULL AS has_trade_password, created_at
       FROM members WHERE id = $1`,
    [req.memberId],
  );
  const m = rows[0];
  const [wallet, unread] = await Promise.all([
    pool.query('SELECT balance, frozen FROM wallets WHERE member_id = $1', [m.id]),
    pool.query('SELECT count(*)::int AS n FROM messages WHERE member_id = $1 AND read_at IS NULL', [m.id]),
  ]);
  const w = wallet.rows[0];
  return ok({
    id: m.id,
    phone: maskPhone(m.phone),
    nickname: m.nickname,
    avatar: m.avatar,
    vipLevel: vipLevelFor(m.total_paid, vipThresholds),
    inviteCode: m.invite_code,
    realNameStatus: m.real_name_status,
    ...(m.real_name_status === 'rejected' && m.real_name_reason ? { realNameReason: m.real_name_reason } : {}),
    ...(m.real_name && m.real_name_status !== 'none' ? { realName: maskName(m.real_name) } : {}),
    hasTradePassword: m.has_trade_password,
    balance: w?.balance ?? 0,
    frozen: w?.frozen ?? 0,
    createdAt: m.created_at.getTime(),
    unreadMessages: unread.rows[0].n,
  });
});

app.get('/v1/iyd/order/list', { onRequest: member }, async (req) => {
  const p = num(req.query.page, 1);
  const size = num(req.query.pageSize, 10);
  const [list, total] = await Promise.all([
    pool.query(
      `SELECT id, order_no, source, status, cancel_reason, goods_amount, premium, deposit_applied, amount, remark,
              expires_at, paid_at, created_at
         FROM orders WHERE member_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [req.memberId, size, (p - 1) * size],
    ),
    pool.query('SELECT count(*) AS n FROM orders WHERE member_id = $1', [req.memberId]),
  ]);
  const ids = list.rows.map((o) => o.id);
  const items =
    ids.length === 0
      ? []
      : (
          await pool.query(
            `SELECT order_id, product_id AS "productId", title, cover, price, quantity
               FROM order_items WHERE order_id = ANY($1::int[]) ORDER BY id`,
            [ids],
          )
        ).rows;
  const orders = list.rows.map((o) => ({
    id: o.id,
    orderNo: o.order_no,
    source: o.source,
    status: o.status,
    ...(o.cancel_reason ? { cancelReason: o.cancel_reason } : {}),
    items: items.filter((i) => i.order_id === o.id).map(({ order_id: _o, ...i }) => i),
    goodsAmount: o.goods_amount,
    premium: o.premium,
    depositApplied: o.deposit_applied,
    amount: o.amount,
    remark: o.remark,
    expiresAt: o.expires_at.getTime(),
    ...(o.paid_at ? { paidAt: o.paid_at.getTime() } : {}),
    createdAt: o.created_at.getTime(),
  }));
  return ok(page(orders, total.rows[0].n, p, size));
});

app.get('/v1/iyd/asset/bill', { onRequest: member }, async (req) => {
  const p = num(req.query.page, 1);
  const size = num(req.query.pageSize, 10);
  const [list, total, wallet] = await Promise.all([
    pool.query(
      `SELECT id, type, amount, frozen_amount, balance_after, frozen_after, member_note, memo_code, memo_params,
              ref_type, ref_id, created_at
         FROM ledger_entries WHERE member_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [req.memberId, size, (p - 1) * size],
    ),
    pool.query('SELECT count(*) AS n FROM ledger_entries WHERE member_id = $1', [req.memberId]),
    pool.query('SELECT balance, frozen FROM wallets WHERE member_id = $1', [req.memberId]),
  ]);
  // The operator's note to the member, else the memo (a deposit without either reads as a bank transfer).
  const bills = list.rows.map((e) => {
    const memoCode = e.memo_code ?? (e.type === 'deposit' ? 'BANK_DEPOSIT' : null);
    return {
      id: e.id,
      type: e.type,
      amount: e.amount,
      frozenAmount: e.frozen_amount,
      balanceAfter: e.balance_after,
      frozenAfter: e.frozen_after,
      remark: e.member_note ?? '',
      ...(memoCode && !e.member_note ? { memoCode } : {}),
      ...(e.memo_params && !e.member_note ? { memoParams: e.memo_params } : {}),
      refType: e.ref_type,
      refId: e.ref_id,
      createdAt: e.created_at.getTime(),
    };
  });
  const w = wallet.rows[0];
  return ok({ ...page(bills, total.rows[0].n, p, size), balance: w?.balance ?? 0, frozen: w?.frozen ?? 0 });
});

app.get('/healthz', async () => ({ ok: true }));

await app.listen({ port: PORT, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
