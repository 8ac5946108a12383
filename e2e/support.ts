import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';

export const CAPTCHA = 'e2e1';
export const SHOTS = path.resolve('screenshots');

export async function api(baseURL: string, method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(baseURL + url, {
    method,
    headers: {
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

export async function adminToken(baseURL: string) {
  const r = await api(baseURL, 'POST', '/v1/admin/login', {
    body: { username: 'admin', password: E2E_ADMIN_PASSWORD },
  });
  expect(r.code).toBe(200);
  return r.data.token as string;
}

/** The newest text of `scene` to the phone in the outbox, with its code. */
async function newestSms(baseURL: string, token: string, phone: string, scene: string) {
  const r = await api(baseURL, 'GET', `/v1/admin/sms/outbox?phone=${phone}`, { token });
  const row = (r.data.list as { id: number; scene: string; content: string }[]).find((m) => m.scene === scene);
  return row && { id: row.id, code: /\d{6}/.exec(row.content)?.[0] };
}

/** The newest code texted to the phone: on a real phone the member reads it; here, the outbox. */
export async function smsCode(baseURL: string, phone: string, scene: string) {
  const code = (await newestSms(baseURL, await adminToken(baseURL), phone, scene))?.code;
  expect(code, `an SMS for ${scene} to ${phone}`).toBeTruthy();
  return code!;
}

/**
 * Asks for a code on the page (captcha, then 发送验证码) until the outbox holds a new one for the
 * scene, and returns it. A send refused for the resend wait (SMS_COOLDOWN) also shows a countdown
 * on the button, so the button's digits alone do not say a code went out.
 */
export async function requestSmsCode(page: Page, baseURL: string, phone: string, scene: string) {
  const token = await adminToken(baseURL);
  const before = (await newestSms(baseURL, token, phone, scene))?.id ?? 0;
  let code: string | undefined;
  await expect(async () => {
    await page.getByTestId('captcha-input').fill(CAPTCHA);
    await page.getByTestId('sms-send').click();
    await expect
      .poll(
        async () => {
          const sms = await newestSms(baseURL, token, phone, scene);
          code = sms && sms.id > before ? sms.code : undefined;
          return code;
        },
        { timeout: 3_000 },
      )
      .toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return code!;
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

export async function phonePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, context, errors };
}

/** A small real PNG (a filled square), drawn here: an ID card photo stand-in. */
export function pngFile(name: string) {
  const b64 =
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAJ0lEQVR42mNk+M9AEmBiIBGMahjVMKphVMOohlENoxpGNYxqGPYaADfmAh+5k6EuAAAAAElFTkSuQmCC';
  return { name, mimeType: 'image/png', buffer: Buffer.from(b64, 'base64') };
}

export async function memberToken(base: string, phone: string, password: string): Promise<string> {
  const r = await api(base, 'POST', '/v1/iyd/member/login', { body: { phone, password } });
  expect(r.code, r.msg).toBe(200);
  return r.data.token as string;
}

/** Sets the member's trade password through the same calls the trade-password page makes. */
export async function setTradePassword(base: string, token: string, phone: string, tradePassword: string) {
  const captcha = await api(base, 'GET', '/v1/iyd/captcha');
  const sent = await api(base, 'POST', '/v1/iyd/send', {
    token,
    body: { phone, scene: 'trade', captchaId: captcha.data.captchaId, captchaCode: CAPTCHA },
  });
  expect(sent.code, sent.msg).toBe(200);
  const set = await api(base, 'POST', '/v1/iyd/member/password/trade', {
    token,
    body: { smsCode: await smsCode(base, phone, 'trade'), tradePassword },
  });
  expect(set.code, set.msg).toBe(200);
}

/** A phone at 375×812 already signed in as the member (the token where the app keeps it). */
export async function memberPhone(browser: Browser, base: string, token: string) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await context.addInitScript((value) => localStorage.setItem('antique_auction_token', value), token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, context, errors };
}

/** Sets the member's trade password unless one is set already (an SMS is sent only when needed). */
export async function ensureTradePassword(base: string, token: string, phone: string, tradePassword: string) {
  const info = await api(base, 'GET', '/v1/iyd/member/info', { token });
  expect(info.code, info.msg).toBe(200);
  if (info.data.hasTradePassword) return;
  await setTradePassword(base, token, phone, tradePassword);
}

/** An amount in fen as the apps show it in simplified Chinese: ¥1,234.56 (signed: +¥1,234.56 / -¥1,234.56). */
export function yuan(fen: number, opts: { signed?: boolean } = {}) {
  const abs = Math.abs(fen);
  const text = `¥${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  if (fen < 0) return `-${text}`;
  return opts.signed && fen > 0 ? `+${text}` : text;
}

/** `amount × bps / 10,000` rounded half up to the fen (四舍五入), the rule PRODUCT.md gives for premium and commission. */
export function bpsOfHalfUp(amount: number, bps: number) {
  const product = BigInt(amount) * BigInt(bps);
  const whole = product / 10_000n;
  return Number(product % 10_000n >= 5_000n ? whole + 1n : whole);
}

/** `amount × bps / 10,000` rounded up to the fen: the bid deposit's rule. */
export function bpsOfUp(amount: number, bps: number) {
  const product = BigInt(amount) * BigInt(bps);
  const whole = product / 10_000n;
  return Number(product % 10_000n > 0n ? whole + 1n : whole);
}

/** The member's available balance in fen, as their bills page heads it. */
export async function balanceOf(base: string, token: string): Promise<number> {
  const r = await api(base, 'GET', '/v1/iyd/asset/bill?page=1&pageSize=1', { token });
  expect(r.code, r.msg).toBe(200);
  return r.data.balance as number;
}

/**
 * When the member's available balance is below `atLeast` fen, an operator records their bank
 * transfer for the difference (as finance does for an offline deposit); otherwise nothing.
 */
export async function ensureBalance(base: string, admin: string, token: string, atLeast: number) {
  const balance = await balanceOf(base, token);
  if (balance >= atLeast) return;
  const info = await api(base, 'GET', '/v1/iyd/member/info', { token });
  expect(info.code, info.msg).toBe(200);
  const r = await api(base, 'POST', `/v1/admin/members/${info.data.id}/deposit`, {
    token: admin,
    body: { amount: atLeast - balance, remark: '银行转账入金' },
  });
  expect(r.code, r.msg).toBe(200);
}

/** The operators' console at a desktop size, signed in through its login form. */
export async function consolePage(browser: Browser, base: string) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/admin/');
  await page.getByTestId('admin-login-username').fill('admin');
  await page.getByTestId('admin-login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  await expect(page.getByTestId('admin-login-submit')).toBeHidden();
  return { page, context, errors };
}

/** The operators' console at a desktop size, signed in through its login form as the given operator. */
export async function operatorConsole(browser: Browser, base: string, username: string, password: string) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/admin/');
  await page.getByTestId('admin-login-username').fill(username);
  await page.getByTestId('admin-login-password').fill(password);
  await page.getByTestId('admin-login-submit').click();
  await expect(page.getByTestId('admin-login-submit')).toBeHidden();
  return { page, context, errors };
}
