import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, lockDataDir, openDatabase } from './client.js';

// These tests start the built server (apps/server/dist/main.js) on an embedded PostgreSQL
// in a folder of their own. Each start loads the whole app and PostgreSQL: on the shared
// 2-core machine under a full test run one takes 5–25 s, so every test has a budget for
// the starts it makes (see docs/decisions/001) rather than the 60 s default.
const START_MS = 45_000;

const mainJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-durability-'));
const pids: number[] = [];
const log = pino({ level: 'warn' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function env(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA_TEST_CODE: 'test',
    ADMIN_PASSWORD: 'admin-password-1',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '0',
  };
}

interface Server {
  pid: number;
  port: number;
  output(): string;
  /** Resolves when the process has ended (for a detached server: exited, even if not yet reaped). */
  ended: Promise<void>;
}

/** The process's state letter from /proc (Z: exited, not yet reaped), or undefined once gone. */
function stateOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** A server that is our child: we see its exit code. */
async function startChild(): Promise<Server & { child: ChildProcess; exited: Promise<number> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], { env: env(port), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  pids.push(child.pid!);
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { pid: child.pid!, port, child, exited, ended: exited.then(() => undefined), output: () => output };
}

/**
 * Runs `args` as the child of a parent that never reaps it (a `sleep`): once killed, it
 * stays a zombie, as under a supervisor that has not called wait() yet or a slow init
 * (this machine's init reaps orphans about 1.6 s late).
 */
async function startUnreaped(args: string[], logFile: string, environment: NodeJS.ProcessEnv) {
  const parent = spawn(
    'sh',
    ['-c', 'log="$1"; shift; "$@" >"$log" 2>&1 & echo $!; exec sleep 600', 'sh', logFile, ...args],
    {
      env: environment,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  pids.push(parent.pid!);
  const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (d) => resolve(Number(String(d)))));
  pids.push(pid);
  return pid;
}

async function startServerUnreaped(): Promise<Server> {
  const port = await freePort();
  const logFile = path.join(dataDir, `server-${port}.log`);
  const pid = await startUnreaped([process.execPath, mainJs], logFile, env(port));
  const ended = (async () => {
    while (stateOf(pid) !== undefined && stateOf(pid) !== 'Z') await sleep(20);
  })();
  return { pid, port, ended, output: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '') };
}

async function waitUp(server: Server, ms = START_MS) {
  let ended = false;
  void server.ended.then(() => (ended = true));
  const until = Date.now() + ms;
  while (Date.now() < until && !ended) {
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`server did not come up${ended ? ' (it exited)' : ''}:\n${server.output()}`);
}

async function api(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: number; data: any };
}

const adminToken = async (port: number) =>
  (await api(port, 'POST', '/v1/admin/login', { username: 'admin', password: 'admin-password-1' })).data
    .token as string;

async function stop(server: Awaited<ReturnType<typeof startChild>>) {
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
}

/** A process that has nothing to do with us, whose pid we plant in lock files. */
function unrelatedProcess() {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  pids.push(child.pid!);
  return child;
}

beforeAll(async () => {
  expect(fs.existsSync(mainJs), 'apps/server/dist/main.js is built by `npm run build` (npm test builds first)').toBe(
    true,
  );
  // The cluster is created (initdb and migrations) once, here, for every test below.
  const database = await openDatabase({ dataDir, log });
  await database.close();
}, 120_000);

/** Ends what a test left running (on success: only the parents that never reap). */
function endStarted() {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

afterEach(endStarted);

afterAll(() => {
  endStarted();
  // a postmaster whose server a failing test killed (only if it is a postgres of this folder)
  const pgDir = path.join(dataDir, 'pg');
  try {
    const pid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (fs.readlinkSync(`/proc/${pid}/cwd`) === fs.realpathSync(pgDir)) process.kill(pid, 'SIGINT');
  } catch {
    /* none left */
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the DATA_DIR lock', () => {
  it('refuses a second holder while the first lives, and frees at once when it ends', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-lock-'));
    const unlock = await lockDataDir(dir);
    await expect(async () => lockDataDir(dir, 200)).rejects.toThrow(`in use by another server (pid ${process.pid})`);
    unlock();
    (await lockDataDir(dir))();
    fs.rmSync(dir, { recursive: true });
  });

  it('is free at once when its holder is killed, while that holder is still a zombie', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-lock-'));
    const ready = path.join(dir, 'ready');
    const clientJs = pathToFileURL(path.join(path.dirname(mainJs), 'db/client.js')).href;
    const holder = `import(${JSON.stringify(clientJs)}).then(async (c) => { await c.lockDataDir(${JSON.stringify(dir)}); require('fs').writeFileSync(${JSON.stringify(ready)}, ''); setInterval(() => {}, 1000); })`;
    const pid = await startUnreaped([process.execPath, '-e', holder], path.join(dir, 'holder.log'), process.env);
    for (let i = 0; i < 300 && !fs.existsSync(ready); i++) await sleep(50);
    expect(fs.existsSync(ready), fs.readFileSync(path.join(dir, 'holder.log'), 'utf8')).toBe(true);
    await expect(async () => lockDataDir(dir, 200)).rejects.toThrow(`in use by another server (pid ${pid})`);

    process.kill(pid, 'SIGKILL');
    while (stateOf(pid) !== 'Z') await sleep(5);
    const unlock = await lockDataDir(dir, 1_000);
    expect(stateOf(pid)).toBe('Z');
    unlock();
    fs.rmSync(dir, { recursive: true });
  });

  it('is not blocked by a server.lock naming a live process that is no server', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-lock-'));
    const other = unrelatedProcess();
    fs.writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
    const unlock = await lockDataDir(dir, 200);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(other.exitCode ?? other.signalCode).toBe(null);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('the server on its embedded database', () => {
  it(
    'starts again 100 ms after kill -9 under writes, while the killed one is a zombie, with every acknowledged write',
    async () => {
      const first = await startServerUnreaped();
      await waitUp(first);
      const port = first.port;

      // a member signs up: the old durability check, kept
      const phone = '13712345678';
      const cap = await api(port, 'GET', '/v1/iyd/captcha');
      const send = { phone, scene: 'register', captchaId: cap.data.captchaId, captchaCode: 'test' };
      expect((await api(port, 'POST', '/v1/iyd/send', send)).code).toBe(200);
      const token = await adminToken(port);
      const outbox = await api(port, 'GET', `/v1/admin/sms/outbox?phone=${phone}`, undefined, token);
      const smsCode = /\d{6}/.exec(outbox.data.list[0].content)![0];
      const register = { phone, smsCode, password: 'Passw0rd1' };
      expect((await api(port, 'POST', '/v1/iyd/member/register', register)).code).toBe(200);

      // four writers add notices as fast as the server takes them; the server is killed under them
      const acknowledged = new Map<number, string>();
      let writing = true;
      const writer = async (w: number) => {
        for (let i = 0; writing; i++) {
          const title = `durability ${w}-${i}`;
          try {
            const r = await api(port, 'POST', '/v1/admin/notices', { title, content: `<p>${title}</p>` }, token);
            if (r.code === 200) acknowledged.set(r.data.id as number, title);
          } catch {
            return; // the connection died with the server: this write was never acknowledged
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      while (acknowledged.size < 100) await sleep(20);
      process.kill(first.pid, 'SIGKILL');
      await first.ended;
      writing = false;
      await Promise.all(writers);
      expect(stateOf(first.pid), 'the killed server is a zombie: its parent has not reaped it').toBe('Z');

      await sleep(100);
      const second = await startChild();
      await waitUp(second);
      const port2 = second.port;
      expect(stateOf(first.pid)).toBe('Z');

      const token2 = await adminToken(port2);
      const found = new Map<number, string>();
      for (let page = 1; ; page++) {
        const r = await api(port2, 'GET', `/v1/admin/notices?page=${page}&pageSize=50`, undefined, token2);
        for (const n of r.data.list as { id: number; title: string }[]) found.set(n.id, n.title);
        if (!r.data.hasMore) break;
      }
      const lost = [...acknowledged].filter(([id, title]) => found.get(id) !== title);
      expect(lost).toEqual([]);
      expect(acknowledged.size).toBeGreaterThanOrEqual(100);
      expect((await api(port2, 'POST', '/v1/iyd/member/login', { phone, password: 'Passw0rd1' })).code).toBe(200);
      await stop(second);
    },
    3 * START_MS,
  );

  it(
    'starts although server.lock names the pid of a live process that is no server',
    async () => {
      const other = unrelatedProcess();
      fs.writeFileSync(path.join(dataDir, 'server.lock'), String(other.pid));
      const server = await startChild();
      await waitUp(server);
      expect(other.exitCode ?? other.signalCode).toBe(null);
      await stop(server);
    },
    2 * START_MS,
  );

  it(
    'refuses a second server on the same DATA_DIR while the first lives',
    async () => {
      const first = await startChild();
      await waitUp(first);
      const second = await startChild();
      const running = sleep(START_MS).then(() => 'still running');
      expect(await Promise.race([second.exited, running])).toBe(1);
      expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another server (pid ${first.pid})`);
      expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).ok).toBe(true);
      await stop(first);
    },
    3 * START_MS,
  );

  it(
    'leaves alone a live process that a stale postmaster.pid names, and starts',
    async () => {
      const other = unrelatedProcess();
      const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
      // what a postmaster killed together with its server leaves behind, its pid since reused
      const realPg = fs.realpathSync(path.join(dataDir, 'pg'));
      fs.writeFileSync(pidFile, `${other.pid}\n${realPg}\n1700000000\n5432\n\n127.0.0.1\n  5432001     0\nready   \n`);
      const server = await startChild();
      await waitUp(server);
      expect(other.exitCode ?? other.signalCode, 'the unrelated process was signalled').toBe(null);
      await stop(server);
    },
    2 * START_MS,
  );
});
