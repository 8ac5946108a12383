import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// deploy/rolling-restart.sh on a machine without systemd: the reload and restart commands
// given, a site file of its own, /readyz answered by a small server standing in for each
// instance. What it must do: restart each instance in turn, put each back in the upstream,
// and never leave a ready instance out of nginx when a step fails.
const SCRIPT = path.resolve(import.meta.dirname, '../deploy/rolling-restart.sh');
const open: (() => void)[] = [];
afterEach(() => open.splice(0).forEach((close) => close()));

/** An instance's /readyz: 200 while `ready.value`. */
async function instance() {
  const ready = { value: true };
  const server = http.createServer((req, res) => {
    res.statusCode = req.url === '/readyz' && ready.value ? 200 : 503;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push(() => server.close());
  return { port: (server.address() as AddressInfo).port, ready };
}

function site(ports: number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rolling-'));
  const file = path.join(dir, 'antique-house');
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n');
  fs.writeFileSync(file, `upstream antique_house {\n${servers}\n    keepalive 32;\n}\n`);
  return { dir, file, log: path.join(dir, 'log') };
}

function run(file: string, ports: number[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'sh',
      [SCRIPT, file, ...ports.map(String)],
      { env: { ...process.env, DRAIN_SECONDS: '0', READY_TIMEOUT: '3', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('deploy/rolling-restart.sh', () => {
  it('restarts each instance in turn, out of nginx while it restarts, and puts each back', async () => {
    const a = await instance();
    const b = await instance();
    const s = site([a.port, b.port]);
    // Each reload notes the upstream as nginx would read it then.
    const r = await run(s.file, [a.port, b.port], {
      NGINX_RELOAD: `grep -c ' down;' ${s.file} >> ${s.log} || true`,
      RESTART_INSTANCE: `echo restart {port} >> ${s.log}`,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      `antique-house@${a.port} restarted`,
      `antique-house@${b.port} restarted`,
    ]);
    // down, restart, up; down, restart, up: one instance out at a time.
    expect(fs.readFileSync(s.log, 'utf8').trim().split('\n')).toEqual([
      '1',
      `restart ${a.port}`,
      '0',
      '1',
      `restart ${b.port}`,
      '0',
    ]);
    expect(fs.readFileSync(s.file, 'utf8')).not.toContain('down');
  });

  it('puts a ready instance back when its restart fails, and stops there', async () => {
    const a = await instance();
    const b = await instance();
    const s = site([a.port, b.port]);
    const r = await run(s.file, [a.port, b.port], { NGINX_RELOAD: 'true', RESTART_INSTANCE: 'false' });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`antique-house@${a.port} put back in nginx after a failed step`);
    expect(r.stdout).toBe('');
    expect(fs.readFileSync(s.file, 'utf8')).not.toContain('down');
  });

  it('leaves out, and says so, an instance that does not come back ready', async () => {
    const a = await instance();
    const b = await instance();
    a.ready.value = false;
    const s = site([a.port, b.port]);
    const r = await run(s.file, [a.port, b.port], { NGINX_RELOAD: 'true', RESTART_INSTANCE: 'true' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`antique-house@${a.port} not ready after 3 s`);
    expect(r.stderr).toContain(`antique-house@${a.port} does not answer /readyz: left out of nginx`);
    const upstream = fs.readFileSync(s.file, 'utf8');
    expect(upstream).toContain(`server 127.0.0.1:${a.port} max_fails=0 down;`);
    expect(upstream).toContain(`server 127.0.0.1:${b.port} max_fails=0;`);
  });
});
