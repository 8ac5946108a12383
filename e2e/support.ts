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
