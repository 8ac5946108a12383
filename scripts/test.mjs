// `npm test`: every check CI runs, in order, with one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
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

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return ok;
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
  const ok = step(name, cmd, args, env);
  let counted = false;
  if (fs.existsSync(report)) {
    const c = count(JSON.parse(fs.readFileSync(report, 'utf8')));
    passed += c.passed;
    failed += c.failed;
    counted = c.passed + c.failed > 0;
    if (c.failed > 0) failures.push(`${name}: ${c.failed} failed`);
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
});
const playwrightCount = (j) => ({
  passed: j.stats?.expected ?? 0,
  failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0),
});

const only = process.argv.slice(2);
const want = (s) => only.length === 0 || only.includes(s);

if (want('e2e')) ensureBrowser();
if (want('lint')) check('lint', bin('eslint'), ['--max-warnings', '0', '.']);
if (want('lint')) check('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
if (want('typecheck')) check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
if (want('build') || want('e2e')) check('build', process.execPath, ['scripts/build.mjs']);
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
if (want('e2e')) {
  const report = path.join(tmp, 'playwright.json');
  suite('browser journeys', bin('playwright'), ['test', '--reporter=list,json'], report, playwrightCount, {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
}

if (failures.length) console.log(`\nfailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
