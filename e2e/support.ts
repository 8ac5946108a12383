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

/** The newest code texted to the phone: on a real phone the member reads it; here, the outbox. */
export async function smsCode(baseURL: string, phone: string, scene: string) {
  const token = await adminToken(baseURL);
  const r = await api(baseURL, 'GET', `/v1/admin/sms/outbox?phone=${phone}`, { token });
  const row = r.data.list.find((m: { scene: string }) => m.scene === scene);
  const code = /\d{6}/.exec(row?.content ?? '')?.[0];
  expect(code, `an SMS for ${scene} to ${phone}`).toBeTruthy();
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
