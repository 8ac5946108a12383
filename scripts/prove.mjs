// `npm run prove`: the proof at full scale against the built server (apps/server/dist/main.js;
// the npm script builds first). Runs ops/prove.test.ts with PROVE_FULL=1: at least 10 kill -9
// trials under bids, orders, deposits and withdrawals (some killing the embedded PostgreSQL
// too), the fuzzer (at least 10,000 requests over every operation as a guest, a member and
// each operator role), the role matrix and the abuse list. Prints the progress, then ONE
// summary; exits non-zero on anything lost or any failure. vitest's own output is kept in a
// log file named at the end. CI runs the same code in short (the ops suite).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-prove-run-'));
const summaryFile = path.join(dir, 'summary.json');
const logFile = path.join(dir, 'vitest.log');
const log = fs.createWriteStream(logFile);
const started = Date.now();

const child = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '-c', 'ops/vitest.config.ts', 'prove.test.ts'],
  {
    cwd: root,
    env: { ...process.env, PROVE_FULL: '1', PROVE_SUMMARY: summaryFile, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
// the progress lines of the proof, as they come; the rest to the log
let pending = '';
child.stdout.on('data', (d) => {
  log.write(d);
  pending += d;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines.map((l) => stripVTControlCharacters(l)))
    if (/^(kill -9 trial|fuzz:|abuse:)/.test(line)) console.log(`  ${line}`);
});
child.stderr.on('data', (d) => log.write(d));
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
log.end();

const took = (Date.now() - started) / 1000;
console.log('');
if (!fs.existsSync(summaryFile)) {
  console.log(`prove: no summary (vitest exited ${code}); its output: ${logFile}`);
  process.exit(1);
}
const result = JSON.parse(fs.readFileSync(summaryFile, 'utf8'));
console.log(`prove (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores):`);
for (const line of result.summary) console.log(line);
if (result.failures.length > 0) {
  console.log('');
  for (const f of result.failures.slice(0, 30)) console.log(f);
}
console.log(`npm run prove took ${Math.floor(took / 60)} min ${Math.round(took % 60)} s; vitest's output: ${logFile}`);
process.exit(code === 0 && result.failures.length === 0 ? 0 : 1);
