// The abuse list against the built server with its limits on, each count under parallel
// requests (check and count must be one step): SMS cooldown, single-use captchas, member
// login lockout, operators' captcha after failures, trade-password lockout, request limits
// per address and per member, live streams per address and per member; uploads of the
// wrong type, too large, SVG and polyglots; script in the text fields that are shown
// (HTML fields sanitized when stored, every other text escaped by the apps' render path,
// CSP on the pages). Each client address is one of 127.0.0.0/8, so that each check has
// windows of its own.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAPTCHA } from '../support/instances.js';
import { House, newPhone, ok, type Loose, PNG_1X1, sleep, TRADE_PASSWORD } from './house.js';

export interface AbuseCheck {
  name: string;
  requests: number;
  failures: string[];
  /** What the server answered where more than one answer is right. */
  seen: string[];
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json?: { code: number; msg: string; data: Loose };
}

let nextAddress = 10;
/** A loopback address no other check uses. */
const freshAddress = () => `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 2}`;

function request(
  base: string,
  o: { method?: string; path: string; token?: string; body?: unknown; raw?: Buffer; type?: string; from?: string },
): Promise<Reply> {
  const u = new URL(base);
  const payload = o.raw ?? (o.body !== undefined ? Buffer.from(JSON.stringify(o.body)) : undefined);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method: o.method ?? 'GET',
        path: o.path,
        localAddress: o.from,
        agent: false,
        headers: {
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(payload ? { 'content-type': o.type ?? 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let json: Reply['json'];
          try {
            json = JSON.parse(body);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A live stream held open; `ended` tells whether the server has closed it. */
function openStream(base: string, query: string, o: { token?: string; from?: string }) {
  const u = new URL(base);
  return new Promise<{ status: number; body: string; ended: () => boolean; close: () => void }>((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: `/v1/iyd/auction/stream?${query}`,
        localAddress: o.from,
        agent: false,
        headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
      },
      (res) => {
        let ended = false;
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => (ended = true));
        res.on('close', () => (ended = true));
        const close = () => req.destroy();
        if (res.statusCode !== 200)
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ended: () => true, close }));
        else resolve({ status: 200, body, ended: () => ended, close });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** How many answers of each reason (`ok` for code 200). */
function tally(replies: Reply[]): Map<string, number> {
  const t = new Map<string, number>();
  for (const r of replies) {
    const k = r.json?.code === 200 ? 'ok' : (r.json?.data?.reason ?? `HTTP ${r.status}`);
    t.set(k, (t.get(k) ?? 0) + 1);
  }
  return t;
}
const show = (t: Map<string, number>) => [...t].map(([k, n]) => `${k} ×${n}`).join(', ');

const PARALLEL = 12;
/** Sends, sign-ins and sign-ups of one address a minute (the routes' own limits). */
const ROUTE_LIMIT = 10;
const RATE_LIMIT = 60;

export async function abuse(o: { log: (line: string) => void }): Promise<AbuseCheck[]> {
  const house = await House.open({
    RATE_LIMITS: 'on',
    RATE_LIMIT_PER_ADDRESS: String(RATE_LIMIT),
    RATE_LIMIT_PER_MEMBER: String(RATE_LIMIT),
  });
  const checks: AbuseCheck[] = [];
  const check = async (name: string, run: (c: AbuseCheck) => Promise<void>) => {
    const c: AbuseCheck = { name, requests: 0, failures: [], seen: [] };
    try {
      await run(c);
    } catch (e) {
      c.failures.push(`did not run: ${e instanceof Error ? e.message : String(e)}`);
    }
    checks.push(c);
    o.log(
      `abuse: ${name}: ${c.requests} requests, ${c.failures.length === 0 ? 'held' : c.failures.join('; ')}` +
        (c.seen.length > 0 ? ` (${c.seen.join('; ')})` : ''),
    );
  };
  const base = house.url;
  const expectTally = (c: AbuseCheck, what: string, got: Map<string, number>, want: Record<string, number>) => {
    const wanted = new Map(Object.entries(want).filter(([, n]) => n > 0));
    if ([...wanted].some(([k, n]) => got.get(k) !== n) || [...got.keys()].some((k) => !wanted.has(k)))
      c.failures.push(`${what}: ${show(got)}, expected ${show(wanted)}`);
  };

  try {
    const settings = await ok(base, 'GET', '/v1/admin/settings', { token: house.admin });
    await ok(base, 'PUT', '/v1/admin/settings', {
      token: house.admin,
      body: { sms: { ...settings.sms, cooldownSeconds: 10 } },
    });
    // Members of their own for each check (a member's calls count against its own limit):
    // five texts from this address at most, under its 10 a minute.
    const support = (await house.operator('support')).token;
    const [bidder] = await house.bidders(1, support);
    const [forLogin, forLimits, member] = [await house.register(), await house.register(), await house.register()];

    await check(`SMS: ${PARALLEL} parallel sends to one phone, one captcha each`, async (c) => {
      const phone = newPhone();
      const from = freshAddress();
      const ids = await Promise.all(
        Array.from(
          { length: PARALLEL },
          async () => (await request(base, { path: '/v1/iyd/captcha', from })).json!.data.captchaId as string,
        ),
      );
      const sent = await Promise.all(
        ids.map((captchaId) =>
          request(base, {
            method: 'POST',
            path: '/v1/iyd/send',
            from,
            body: { phone, scene: 'register', captchaId, captchaCode: CAPTCHA },
          }),
        ),
      );
      c.requests += 2 * PARALLEL;
      // the route's own limit (10 a minute an address) refuses the rest unjudged
      expectTally(c, 'sends', tally(sent), {
        ok: 1,
        SMS_COOLDOWN: ROUTE_LIMIT - 1,
        RATE_LIMITED: PARALLEL - ROUTE_LIMIT,
      });
      const outbox = await ok(base, 'GET', `/v1/admin/sms/outbox?phone=${phone}`, { token: house.admin });
      if (outbox.list.length !== 1) c.failures.push(`the outbox has ${outbox.list.length} texts for the phone, not 1`);
    });

    await check(`captcha: one captcha used by ${PARALLEL} parallel sends`, async (c) => {
      const from = freshAddress();
      const captchaId = (await request(base, { path: '/v1/iyd/captcha', from })).json!.data.captchaId as string;
      const sent = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          request(base, {
            method: 'POST',
            path: '/v1/iyd/send',
            from,
            body: { phone: newPhone(), scene: 'register', captchaId, captchaCode: CAPTCHA },
          }),
        ),
      );
      c.requests += 1 + PARALLEL;
      expectTally(c, 'sends', tally(sent), {
        ok: 1,
        CAPTCHA_INVALID: ROUTE_LIMIT - 1,
        RATE_LIMITED: PARALLEL - ROUTE_LIMIT,
      });
    });

    await check(`member login: ${PARALLEL} parallel wrong passwords, then the right one`, async (c) => {
      const from = freshAddress();
      const m = forLogin;
      const policy = settings.login.maxFailures as number;
      const wrong = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          request(base, {
            method: 'POST',
            path: '/v1/iyd/member/login',
            from,
            body: { phone: m.phone, password: 'Wrong0pass' },
          }),
        ),
      );
      const right = await request(base, {
        method: 'POST',
        path: '/v1/iyd/member/login',
        from,
        body: { phone: m.phone, password: m.password },
      });
      c.requests += PARALLEL + 1;
      expectTally(c, 'wrong passwords', tally(wrong), { LOGIN_FAILED: policy, RATE_LIMITED: PARALLEL - policy });
      if (right.json?.data?.reason !== 'RATE_LIMITED')
        c.failures.push(`the right password while locked: ${right.status} ${right.body.slice(0, 120)}`);
    });

    await check(`operator sign-in: ${PARALLEL} parallel wrong passwords make the next need a captcha`, async (c) => {
      const from = freshAddress();
      const op = await house.operator('finance');
      const policy = settings.operatorLogin.maxFailures as number;
      const wrong = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          request(base, {
            method: 'POST',
            path: '/v1/admin/login',
            from,
            body: { username: op.username, password: 'wrong-pass-1' },
          }),
        ),
      );
      const right = await request(base, {
        method: 'POST',
        path: '/v1/admin/login',
        from: freshAddress(),
        body: { username: op.username, password: op.password },
      });
      const captchaId = (await request(base, { path: '/v1/admin/captcha', from: freshAddress() })).json?.data
        ?.captchaId;
      const solved = await request(base, {
        method: 'POST',
        path: '/v1/admin/login',
        from: freshAddress(),
        body: { username: op.username, password: op.password, captchaId, captchaCode: CAPTCHA },
      });
      c.requests += PARALLEL + 3;
      expectTally(c, 'wrong passwords', tally(wrong), {
        OPERATOR_LOGIN_FAILED: policy,
        CAPTCHA_REQUIRED: ROUTE_LIMIT - policy,
        RATE_LIMITED: PARALLEL - ROUTE_LIMIT,
      });
      if (right.json?.data?.reason !== 'CAPTCHA_REQUIRED')
        c.failures.push(`the right password without a captcha: ${right.body.slice(0, 120)}`);
      if (solved.json?.code !== 200)
        c.failures.push(`the right password with a solved captcha: ${solved.body.slice(0, 120)}`);
    });

    await check(`trade password: ${PARALLEL} parallel withdrawals with a wrong one`, async (c) => {
      const m = bidder!;
      await house.deposit(m.id, 1_000_000, 'prove: abuse');
      const policy = settings.tradePassword.maxFailures as number;
      const body = (tradePassword: string) => ({
        amount: 20_000,
        method: 'bank',
        accountName: '张三',
        accountNo: '6222020200112233445',
        bankName: '中国工商银行',
        tradePassword,
      });
      const wrong = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          request(base, { method: 'POST', path: '/v1/iyd/asset/withdraw', token: m.token, body: body('000000') }),
        ),
      );
      const right = await request(base, {
        method: 'POST',
        path: '/v1/iyd/asset/withdraw',
        token: m.token,
        body: body(TRADE_PASSWORD),
      });
      const bill = await ok(base, 'GET', '/v1/iyd/asset/bill?page=1&pageSize=1', { token: m.token });
      c.requests += PARALLEL + 2;
      // judged: the wrong ones with tries left, and the one that locks (LOCKED, remaining 0)
      const locking = wrong.filter(
        (r) => r.json?.data?.reason === 'TRADE_PASSWORD_LOCKED' && r.json.data.remaining === 0,
      );
      for (const r of locking) r.json!.data.reason = 'TRADE_PASSWORD_LOCKED by this try';
      expectTally(c, 'wrong trade passwords', tally(wrong), {
        TRADE_PASSWORD_WRONG: policy - 1,
        'TRADE_PASSWORD_LOCKED by this try': 1,
        TRADE_PASSWORD_LOCKED: PARALLEL - policy,
      });
      if (right.json?.data?.reason !== 'TRADE_PASSWORD_LOCKED')
        c.failures.push(`the right one while locked: ${right.body.slice(0, 120)}`);
      if (bill.balance !== 1_000_000 || bill.frozen !== 0)
        c.failures.push(`balance ${bill.balance}, frozen ${bill.frozen} after the refusals`);
    });

    await check(`request limits: ${RATE_LIMIT + 20} parallel calls of one address, of one member`, async (c) => {
      const from = freshAddress();
      const guest = await Promise.all(
        Array.from({ length: RATE_LIMIT + 20 }, () =>
          request(base, { path: '/v1/iyd/product/list?page=1&pageSize=1', from }),
        ),
      );
      // the member has made one call of its own, reading its info after signing up
      const token = forLimits.token;
      const mine = await Promise.all(
        Array.from({ length: RATE_LIMIT + 20 }, () =>
          request(base, { path: '/v1/iyd/member/info', token, from: freshAddress() }),
        ),
      );
      c.requests += 2 * (RATE_LIMIT + 20);
      expectTally(c, 'one address', tally(guest), { ok: RATE_LIMIT, RATE_LIMITED: 20 });
      // its one earlier call counts if this minute's window began with it
      const t = tally(mine);
      const passed = t.get('ok') ?? 0;
      if (passed > RATE_LIMIT || passed < RATE_LIMIT - 1 || passed + (t.get('RATE_LIMITED') ?? 0) !== RATE_LIMIT + 20)
        c.failures.push(
          `one member: ${show(t)}, expected ok ×${RATE_LIMIT} (or ×${RATE_LIMIT - 1}), the rest RATE_LIMITED`,
        );
    });

    const lot = await house.lot(3_600_000);
    await check(`live streams: ${PARALLEL} parallel opens of one address, of one member`, async (c) => {
      const from = freshAddress();
      const perAddress = 6;
      const guests = await Promise.all(
        Array.from({ length: PARALLEL }, () => openStream(base, `ids=${lot.id}`, { from })),
      );
      const open = guests.filter((s) => s.status === 200).length;
      const limited = guests.filter((s) => s.status === 429 && s.body.includes('RATE_LIMITED')).length;
      if (open !== perAddress || limited !== PARALLEL - perAddress)
        c.failures.push(
          `one address: ${open} open, ${limited} refused (429), expected ${perAddress} and ${PARALLEL - perAddress}`,
        );
      const token = member.token;
      const mine = await Promise.all(
        Array.from({ length: PARALLEL }, () => openStream(base, `ids=${lot.id}`, { token, from: freshAddress() })),
      );
      await sleep(1_000);
      const stillOpen = mine.filter((s) => s.status === 200 && !s.ended()).length;
      if (stillOpen !== 3)
        c.failures.push(`one member: ${stillOpen} streams still open, expected 3 (the newest replace the oldest)`);
      for (const s of [...guests, ...mine]) s.close();
      c.requests += 2 * PARALLEL + 1;
    });

    await check('uploads: wrong type, too large, SVG, polyglot', async (c) => {
      const token = member.token;
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
      );
      const html = Buffer.from('<!doctype html><script>alert(1)</script>');
      const polyglot = Buffer.concat([PNG_1X1, Buffer.from('<html><script>alert(1)</script></html>')]);
      const gifHtml = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<script>alert(1)</script>')]);
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024, 1)]);
      const cases: [string, Buffer, string][] = [
        ['HTML sent as a PNG', html, 'image/png'],
        ['HTML as text/html', html, 'text/html'],
        ['SVG with script', svg, 'image/svg+xml'],
        ['SVG sent as a PNG', svg, 'image/png'],
        ['GIF header then script', gifHtml, 'image/gif'],
        ['6 MiB', big, 'image/png'],
      ];
      for (const [what, body, type] of cases) {
        // a body past the limit may be answered 413 and the connection closed under it
        const r = await house.upload(token, 'avatar', body, type).catch(() => ({ code: 413, data: { url: '' } }));
        c.requests += 2;
        c.seen.push(`${what}: ${r.code === 200 ? 'taken in' : `refused (${r.code})`}`);
        if (r.code === 200) {
          // taken in: then it must be refused where it is used
          const used = await request(base, {
            method: 'PUT',
            path: '/v1/iyd/member/info',
            token,
            body: { avatar: r.data.url },
          });
          c.requests += 1;
          if (used.json?.code === 200) c.failures.push(`${what}: stored and accepted as an avatar`);
        }
      }
      // a PNG with HTML after its end is a picture: if taken, it is served as a picture, never sniffed as a page
      const r = await house.upload(token, 'avatar', polyglot, 'image/png');
      c.requests += 2;
      c.seen.push(
        `a PNG with HTML after it: ${r.code === 200 ? 'taken in, served as a picture' : `refused (${r.code})`}`,
      );
      if (r.code === 200 && r.data.url) {
        const served = await request(base, { path: new URL(r.data.url, base).pathname });
        c.requests += 1;
        if (served.status === 200) {
          const type = String(served.headers['content-type'] ?? '');
          if (!type.startsWith('image/')) c.failures.push(`the PNG polyglot is served as ${type}`);
          if (served.headers['x-content-type-options'] !== 'nosniff')
            c.failures.push('the PNG polyglot is served without nosniff');
        }
      }
    });

    await check('XSS: script in the text fields that are shown', async (c) => {
      const attack = `<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="//evil"></iframe><svg onload=alert(4)>`;
      const bad = /<script|onerror|onload|javascript:|<iframe|<svg/i;
      // HTML fields: sanitized when stored, as every reader gets them
      const notice = await ok(base, 'POST', '/v1/admin/notices', {
        token: house.admin,
        body: { title: '公告', content: `<p>ok</p>${attack}`, published: true },
      });
      const shownNotice = await ok(base, 'GET', `/v1/iyd/notice/info?id=${notice.id}`);
      const product = await house.product({ description: `<p>器形端庄</p>${attack}`, title: `${attack}`.slice(0, 60) });
      const shownProduct = await ok(base, 'GET', `/v1/iyd/product/info?id=${product.id}`);
      c.requests += 4;
      if (bad.test(String(shownNotice.content)))
        c.failures.push(`a notice's content keeps script: ${shownNotice.content}`);
      if (bad.test(String(shownProduct.description)))
        c.failures.push(`a product's description keeps script: ${shownProduct.description}`);
      // text fields: kept as typed (JSON), shown as text by the apps (never as HTML) under a CSP
      const token = member.token;
      await request(base, {
        method: 'PUT',
        path: '/v1/iyd/member/info',
        token,
        body: { nickname: '<img src=x onerror=alert(1)>' },
      });
      const info = await request(base, { path: '/v1/iyd/member/info', token });
      c.requests += 2;
      if (!String(info.headers['content-type']).startsWith('application/json'))
        c.failures.push('member info is not JSON');
      for (const page of ['/', '/admin/']) {
        const r = await request(base, { path: page });
        c.requests += 1;
        const csp = String(r.headers['content-security-policy'] ?? '');
        const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
        if (!csp) c.failures.push(`${page} is served without a Content-Security-Policy`);
        else if (/unsafe-inline|unsafe-eval|\*/.test(scripts))
          c.failures.push(`${page}: scripts allowed from ${scripts}`);
      }
      // the apps' render path: HTML is set only from sanitized text
      const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
      for (const app of ['apps/web/src', 'apps/admin/src']) {
        for (const file of fs.readdirSync(path.join(root, app), { recursive: true }) as string[]) {
          if (!/\.tsx$/.test(file) || /\.test\.tsx$/.test(file)) continue;
          const text = fs.readFileSync(path.join(root, app, file), 'utf8');
          if (!text.includes('dangerouslySetInnerHTML')) continue;
          if (!/sanitizeHtml|useSanitizedHtml/.test(text))
            c.failures.push(`${app}/${file} sets HTML that it does not sanitize`);
        }
      }
    });
  } finally {
    await house.close();
  }
  return checks;
}
