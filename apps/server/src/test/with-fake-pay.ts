import { spawn } from 'node:child_process';
import { startFakePay } from './fake-pay-provider.js';

/**
 * Runs a command (the server of a browser journey) with the local Alipay and WeChat Pay
 * stand-ins started first and their settings in its environment:
 *
 *   FAKE_PAY_PORT=8092 PUBLIC_URL=http://127.0.0.1:8091 tsx apps/server/src/test/with-fake-pay.ts node apps/server/dist/main.js
 *
 * `PUBLIC_URL` from the caller wins (the providers send their notices and the phone there).
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-fake-pay.ts <command> [args…]');
  process.exit(2);
}
const fake = await startFakePay(Number(process.env.FAKE_PAY_PORT ?? 0));
console.log(`fake Alipay and WeChat Pay at ${fake.url}`);
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, ...fake.env, ...(process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {}) },
});
const stop = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  void fake.close().then(() => process.exit(code ?? 1));
});
