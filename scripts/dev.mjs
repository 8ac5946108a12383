// `npm run dev`: the API (rebuilt on change by tsc --watch) and both Vite dev servers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, DEMO_DATA: '1', CAPTCHA_TEST_CODE: process.env.CAPTCHA_TEST_CODE ?? '' };
const procs = [
  spawn(
    path.join(root, 'node_modules/.bin/tsc'),
    ['-b', 'packages/shared', 'apps/server', '--watch', '--preserveWatchOutput'],
    { cwd: root, stdio: 'inherit' },
  ),
  spawn(process.execPath, ['--watch-path=apps/server/dist', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn('npm', ['exec', '--', 'vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
  spawn('npm', ['exec', '--', 'vite'], { cwd: path.join(root, 'apps/admin'), stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
