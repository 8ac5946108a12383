// What scripts/bench.mjs prints and measures besides the load itself.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export async function waitUp(base) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not start`);
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  } catch {
    return NaN;
  }
}

/** CPU time a process has used so far (user + system), in ms. */
export function cpuOf(pid) {
  const { user, system } = cpuSplitOf(pid);
  return user + system;
}

/** A process's CPU time in ms so far, in its own code (user) and in the kernel's for it (system). */
export function cpuSplitOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: NaN, system: NaN };
  }
}

/** CPU time (ms) of a process and its direct children so far: PostgreSQL's postmaster and its backends. */
export function treeCpuOf(pid) {
  let total = cpuOf(pid);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[1]) === pid) total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      /* gone */
    }
  }
  return total;
}

/** The scripts and styles index.html loads before anything else, raw and gzip -9. */
export function initialJs(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(?:admin\/)?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = fs.readFileSync(path.join(dir, f));
    raw += buf.length;
    gz += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.length, raw, gz };
}

const cell = (v, w) => String(v).padStart(w);

/**
 * One line of the reads table (requests/s, p50, p99 and Node CPU µs a request, server then
 * bare, and the ratio of requests/s); without arguments, its header.
 */
export function printRow(name, server, bare, ratio) {
  if (!name) {
    console.log(
      `${'scenario'.padEnd(24)} ${cell('req/s', 6)} ${cell('p50', 6)} ${cell('p99', 6)} ${cell('cpu', 6)} | ${cell('bare', 6)} ${cell('p50', 6)} ${cell('p99', 6)} ${cell('cpu', 6)} | ratio`,
    );
    return;
  }
  const ms = (v) => `${v}ms`;
  const us = (v) => `${v.toFixed(0)}µs`;
  const failed = server.bad + bare.bad > 0 ? `  (${server.bad}/${bare.bad} failed)` : '';
  console.log(
    `${name.padEnd(24)} ${cell(server.rps.toFixed(0), 6)} ${cell(ms(server.p50), 6)} ${cell(ms(server.p99), 6)} ${cell(us(server.cpu), 6)} | ${cell(bare.rps.toFixed(0), 6)} ${cell(ms(bare.p50), 6)} ${cell(ms(bare.p99), 6)} ${cell(us(bare.cpu), 6)} | ${ratio.toFixed(2)}${failed}`,
  );
}
