// `npm test`: every check CI runs, with one closing line "N passed, N failed".
// With SECOND_DATABASE_URL set (CI: Debian's PostgreSQL), the database suite runs again
// against it beside the browser journeys, which spend most of their time waiting for lots
// to end; on these 2-core machines that overlap is several minutes of CI.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBrowser } from './system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
// The failed tests by name, printed again at the end: CI keeps only the tail of the output.
const failedNames = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return ok;
}

/** Runs a command with its output kept, to be printed whole when it ends (beside others). */
function started(name, cmd, args, env = {}) {
  const t0 = Date.now();
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`\n=== ${name}\n${out.trimEnd()}`);
      const ok = code === 0;
      console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      resolve(ok);
    });
  });
}

function count(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

function check(name, cmd, args, env) {
  if (step(name, cmd, args, env)) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

/** Runs a suite and counts its tests from the runner's JSON report. */
function suite(name, cmd, args, report, count, env) {
  fs.rmSync(report, { force: true });
  tally(name, step(name, cmd, args, env), report, count);
}

function tally(name, ok, report, count) {
  let counted = false;
  if (fs.existsSync(report)) {
    const c = count(JSON.parse(fs.readFileSync(report, 'utf8')));
    passed += c.passed;
    failed += c.failed;
    counted = c.passed + c.failed > 0;
    if (c.failed > 0) failures.push(`${name}: ${c.failed} failed`);
    // The runner's exit status said ok, but its report counts failures (vitest has exited 0 so).
    if (ok && c.failed > 0) console.log(`=== ${name}: FAILED after all (its report counts ${c.failed} failed)`);
    failedNames.push(...(c.names ?? []).map((n) => `${name}: ${n}`));
  }
  if (!ok && (!counted || !failures.some((f) => f.startsWith(name)))) {
    failed += 1;
    failures.push(name);
  }
}

// A file that fails without a failing test (an import error) counts once; its tests count each.
const vitestCount = (j) => ({
  passed: j.numPassedTests ?? 0,
  failed:
    (j.numFailedTests ?? 0) +
    (j.testResults ?? []).filter(
      (r) => r.status === 'failed' && !r.assertionResults?.some((a) => a.status === 'failed'),
    ).length,
  names: (j.testResults ?? []).flatMap((r) => {
    const file = path.relative(root, r.name ?? '');
    const tests = (r.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${file} › ${a.fullName}`);
    return tests.length || r.status !== 'failed' ? tests : [`${file} (${(r.message ?? '').split('\n')[0]})`];
  }),
});
const playwrightSpecs = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(playwrightSpecs)];
const playwrightCount = (j) => ({
  passed: j.stats?.expected ?? 0,
  failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0),
  names: (j.suites ?? [])
    .flatMap(playwrightSpecs)
    .filter((spec) => spec.tests?.some((t) => t.status === 'unexpected' || t.status === 'flaky'))
    .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
});

const only = process.argv.slice(2);
const want = (s) => only.length === 0 || only.includes(s);
// `db` is the second database run only; it is part of the whole run when SECOND_DATABASE_URL is set.

if (want('e2e')) ensureBrowser();
// The static checks are single-threaded: side by side they take the time of the longest.
const statics = [];
if (want('lint')) statics.push(['lint', bin('eslint'), ['--max-warnings', '0', '.']]);
if (want('lint')) statics.push(['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']]);
if (want('typecheck')) statics.push(['typecheck', 'npm', ['run', '--silent', 'typecheck']]);
const staticResults = await Promise.all(statics.map(([name, cmd, args]) => started(name, cmd, args)));
statics.forEach(([name], i) => count(name, staticResults[i]));
if (want('build') || want('e2e') || want('ops')) check('build', process.execPath, ['scripts/build.mjs']);
if (want('unit')) {
  const report = path.join(tmp, 'vitest.json');
  suite(
    'unit, component and API tests',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    report,
    vitestCount,
  );
}
const second = process.env.SECOND_DATABASE_URL;
let secondSuite;
const secondReport = path.join(tmp, 'vitest-second-database.json');
if (second && want('db')) {
  fs.rmSync(secondReport, { force: true });
  // One worker: the journeys' server and browser keep the other core.
  secondSuite = started(
    'database suite against SECOND_DATABASE_URL',
    bin('vitest'),
    [
      'run',
      '--project',
      'server',
      '--maxWorkers=1',
      // the embedded database's own tests (server processes on DATA_DIR) run once, in the unit run
      '--exclude',
      'src/db/durability.test.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${secondReport}`,
    ],
    { DATABASE_URL: second },
  );
}
// The operations suite (ops/: instances behind nginx, a replica, object storage, backups,
// kill -9) drives separate processes that mostly wait on each other: beside the journeys.
let opsSuite;
const opsReport = path.join(tmp, 'vitest-ops.json');
if (want('ops')) {
  fs.rmSync(opsReport, { force: true });
  opsSuite = started('operations suite', bin('vitest'), [
    'run',
    '--config',
    'ops/vitest.config.ts',
    // one file at a time beside the journeys and the database suite
    ...(want('e2e') ? ['--maxWorkers=1'] : []),
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${opsReport}`,
  ]);
}
if (want('e2e')) {
  // Not spawnSync: the suites beside it write to pipes this process must keep reading (a full
  // pipe stops its writer, and the database suite used to wait out the journeys that way).
  const report = path.join(tmp, 'playwright.json');
  fs.rmSync(report, { force: true });
  console.log('\n=== browser journeys');
  const t0 = Date.now();
  const child = spawn(bin('playwright'), ['test', '--reporter=list,json'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const ok = await new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
  console.log(`=== browser journeys: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  tally('browser journeys', ok, report, playwrightCount);
}
if (opsSuite) tally('operations suite', await opsSuite, opsReport, vitestCount);
if (secondSuite) tally('database suite against SECOND_DATABASE_URL', await secondSuite, secondReport, vitestCount);

if (failedNames.length) console.log(`\nfailed tests:\n${failedNames.map((n) => `  ${n}`).join('\n')}`);
if (failures.length) console.log(`\nfailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
