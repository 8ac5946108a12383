// Instances of the built server (apps/server/dist/main.js, made by `node scripts/build.mjs`;
// `npm test` builds first), as a house runs them: separate processes on their own ports.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './system.js';

export const mainJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/dist/main.js');
export const ADMIN_PASSWORD = 'ops-admin-password-1';
export const CAPTCHA = 'test';

export interface Instance {
  port: number;
  url: string;
  child: ChildProcess;
  /** The exit code (or -1 for a signal) once the process has ended. */
  exited: Promise<number>;
  output(): string;
  /** Sends `signal` (default SIGTERM) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts one instance and waits until `/healthz` answers. `env` adds to (and may override)
 * a test environment: DATABASE_URL or DATA_DIR, the captcha's test code, the first
 * operator's password, demo data off.
 */
export async function startInstance(env: NodeJS.ProcessEnv, opts: { port?: number; startMs?: number } = {}) {
  if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: run node scripts/build.mjs`);
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA_TEST_CODE: CAPTCHA,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const instance: Instance = {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  let ended = false;
  void exited.then(() => (ended = true));
  const until = Date.now() + (opts.startMs ?? 60_000);
  while (Date.now() < until && !ended) {
    try {
      if ((await fetch(`${instance.url}/healthz`)).ok) return instance;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the instance on port ${port} did not come up${ended ? ' (it exited)' : ''}:\n${out}`);
}
