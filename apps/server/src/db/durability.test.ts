import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, lockDataDir } from './client.js';

const mainJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-durability-'));
const children: ChildProcess[] = [];

function start(port: number) {
  const child = spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA_TEST_CODE: 'test',
      ADMIN_PASSWORD: 'admin-password-1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  children.push(child);
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, exited, output: () => output };
}

async function waitUp(port: number, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not come up');
}

async function api(port: number, method: string, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: number; data: any };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('the embedded database', () => {
  it('keeps one server per DATA_DIR lock, and takes over a lock whose owner is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-lock-'));
    const unlock = lockDataDir(dir);
    fs.writeFileSync(path.join(dir, 'server.lock'), '1');
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const again = lockDataDir(dir);
    again();
    unlock();
  });

  it('comes back after kill -9 with every committed write, and refuses a second server on the same DATA_DIR', async () => {
    expect(fs.existsSync(mainJs), 'apps/server/dist/main.js is built by `npm run build` (npm test builds first)').toBe(
      true,
    );
    const port = await freePort();
    const first = start(port);
    await waitUp(port);

    const phone = '13712345678';
    const cap = await api(port, 'GET', '/v1/iyd/captcha');
    expect(
      (
        await api(port, 'POST', '/v1/iyd/send', {
          phone,
          scene: 'register',
          captchaId: cap.data.captchaId,
          captchaCode: 'test',
        })
      ).code,
    ).toBe(200);
    const login = await api(port, 'POST', '/v1/admin/login', { username: 'admin', password: 'admin-password-1' });
    const outbox = await fetch(`http://127.0.0.1:${port}/v1/admin/sms/outbox?phone=${phone}`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    });
    const code = /\d{6}/.exec(((await outbox.json()) as any).data.list[0].content)![0];
    expect(
      (await api(port, 'POST', '/v1/iyd/member/register', { phone, smsCode: code, password: 'Passw0rd1' })).code,
    ).toBe(200);

    const second = start(await freePort());
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by another server/);

    first.child.kill('SIGKILL');
    await first.exited;
    const port2 = await freePort();
    const third = start(port2);
    await waitUp(port2);
    expect((await api(port2, 'POST', '/v1/iyd/member/login', { phone, password: 'Passw0rd1' })).code).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
