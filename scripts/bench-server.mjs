// The built server on a throwaway data folder for the benchmarks: started with the demo on
// 127.0.0.1 (rate limits off, log level error), its children stopped and the folder removed
// by `cleanup()`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ADMIN_PASSWORD = 'bench-admin-pass';

export function createBenchServer({ root, port, server = 'apps/server/dist/main.js', nodeArgs = [] }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-bench-'));
  const children = new Set();

  function spawnChild(script, env) {
    const child = spawn(process.execPath, [...(script === server ? nodeArgs : []), script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    return child;
  }

  async function stop(child) {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }

  return {
    base,
    dataDir,
    spawnChild,
    stop,
    // `env` adds to or overrides the defaults (a bench's stream limits, its trusted proxy).
    start: (env = {}) =>
      spawnChild(server, {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        CAPTCHA_TEST_CODE: 'bench',
        ADMIN_PASSWORD,
        LOG_LEVEL: 'error',
        RATE_LIMITS: 'off',
        DEMO_DATA: '1',
        ...env,
      }),
    async call(method, url, body, token, headers = {}) {
      const res = await fetch(base + url, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return res.json();
    },
    /** The embedded PostgreSQL the server started: its port from postmaster.pid, its password from DATA_DIR. */
    databaseUrl() {
      const pgPort = fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3].trim();
      const { password } = JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-credentials.json'), 'utf8'));
      return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/antique`;
    },
    async cleanup() {
      await Promise.all([...children].map(stop));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
