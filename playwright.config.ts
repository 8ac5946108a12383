import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8091);
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/e2e-results',
  // A journey is many pages long; the machine may be running the database suites beside it.
  timeout: 240_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // A fresh embedded database each run, so the journey starts from the first-start state. The
    // house runs with Alipay and WeChat Pay configured against their local stand-ins (test keys
    // made at start, the gateways on FAKE_PAY_PORT), which the top-up journey pays on.
    command: `rm -rf .tmp/e2e-data && node_modules/.bin/tsx apps/server/src/test/with-fake-pay.ts node apps/server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.tmp/e2e-data',
      DATABASE_URL: '',
      DEMO_DATA: '1',
      CAPTCHA_TEST_CODE: 'e2e1',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // scrypt at 2^10, as in the API tests (password-hash.test.ts checks the house's 2^15).
      PASSWORD_HASH_COST: '10',
      FAKE_PAY_PORT: String(PORT + 1),
      // Where the providers send their notices and the phone back: this server.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    },
  },
});
