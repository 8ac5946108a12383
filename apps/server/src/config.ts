import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_HASH_COST } from './lib/password-hash.js';

const DEV_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    /** A streaming replica of the database for the public reads (catalogue, lots, news): db/replica.ts. */
    DATABASE_REPLICA_URL: z.string().url().optional(),
    /** How far behind the primary (ms) the replica may be and still serve reads. */
    REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
    ADMIN_PASSWORD: z.string().min(10).optional(),
    DEMO_DATA: z.enum(['0', '1']).default('0'),
    /** Who sends texts: the outbox only (operators read it), or Aliyun or Tencent Cloud SMS as well. */
    SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
    SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
    SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
    /** The approved signature every text is sent under (【拾古拍卖】 without the brackets). */
    SMS_SIGN_NAME: z.string().min(1).optional(),
    /** JSON: template name (LOGIN_CODE, OUTBID, …) → the provider's template code; `default` for the rest. */
    SMS_TEMPLATES: z
      .string()
      .refine((v) => smsTemplateMap(v) !== undefined, {
        message: 'must be a JSON object of template name → provider template code ({"default":"SMS_123"})',
      })
      .optional(),
    /** Tencent Cloud's SmsSdkAppId. */
    SMS_SDK_APP_ID: z.string().min(1).optional(),
    /** The provider's address in place of its public one (a local stand-in in tests). */
    SMS_ENDPOINT: z.string().url().optional(),
    ALIPAY_APP_ID: z.string().min(1).optional(),
    /** The app's private key (PEM, PKCS#1 or PKCS#8; `\n` may stand for line breaks). */
    ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
    /** Alipay's public key (PEM), which signs its answers and notices. */
    ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
    ALIPAY_GATEWAY: z.string().url().optional(),
    WECHATPAY_MCH_ID: z.string().min(1).optional(),
    WECHATPAY_APP_ID: z.string().min(1).optional(),
    /** The serial number of the merchant's API certificate. */
    WECHATPAY_SERIAL_NO: z.string().min(1).optional(),
    WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
    /** The API v3 key (32 characters) that decrypts a notice's `resource`. */
    WECHATPAY_API_V3_KEY: z.string().length(32).optional(),
    /** WeChat Pay's platform public key (PEM, or its certificate) and its serial, which sign answers and notices. */
    WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
    WECHATPAY_PLATFORM_SERIAL: z.string().min(1).optional(),
    WECHATPAY_GATEWAY: z.string().url().optional(),
    CAPTCHA_TEST_CODE: z.string().min(4).max(8).optional(),
    APP_SECRET: z.string().min(32).default(DEV_SECRET),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The member app's public address (`https://paimai.example.com`): invite links are made on it. */
    PUBLIC_URL: z
      .string()
      .url()
      .refine((v) => /^https?:\/\/[^/?#@]+\/?$/.test(v), {
        message: 'must be an http(s) origin without a path, query or user (https://paimai.example.com)',
      })
      .optional(),
    /** Where the built member app and console are served from (a separate build for screenshots, say). */
    WEB_DIST: z.string().min(1).optional(),
    ADMIN_DIST: z.string().min(1).optional(),
    /**
     * Which proxies' X-Forwarded-For entries to believe: `0` none, a number of hops in front
     * (`1`: only the entry the balancer appended), or the proxies' addresses/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .default('0')
      .refine((v) => parseTrustProxy(v) !== undefined, {
        message:
          'must be 0, a number of proxy hops (1 to 10), or a comma-separated list of proxy addresses or CIDRs (10.0.0.0/8, ::1)',
      }),
    /** Live streams (auction/stream) this instance keeps open at once; unset: sized for the machine. */
    STREAM_LIMIT: z.coerce.number().int().min(1).optional(),
    /** Live streams one guest address (no valid token) keeps open at once. */
    STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(6),
    /** Requests a minute of one guest address (calls without a valid token). */
    RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
    /** The older name of RATE_LIMIT_PER_ADDRESS, still read. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
    /** Requests a minute of one member, from any number of addresses. */
    RATE_LIMIT_PER_MEMBER: z.coerce.number().int().min(1).default(600),
    /** Requests a minute of one operator. */
    RATE_LIMIT_PER_OPERATOR: z.coerce.number().int().min(1).default(1200),
    /** The bearer token Prometheus scrapes GET /metrics with; unset, /metrics does not exist (404). */
    METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters (openssl rand -hex 32)' }).optional(),
    /** Request limits; 'off' only for automated tests that send bursts from one address. */
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    /** Where pictures live: files in DATA_DIR (one machine), or an S3-compatible bucket. */
    STORAGE: z.enum(['disk', 's3']).default('disk'),
    /** The bucket's service address (MinIO, OSS, COS, R2…); unset: AWS S3 of S3_REGION. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Bucket in the path (`https://host/bucket/key`) rather than the host name; most non-AWS services want it. */
    S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('0'),
    /** The CDN in front of the bucket that public pictures are served from; unset: the bucket's own address. */
    PUBLIC_ASSET_URL: z
      .string()
      .url()
      .refine((v) => /^https?:\/\/[^?#@]+$/.test(v), {
        message: 'must be an http(s) address without a query or user (https://img.example.com)',
      })
      .optional(),
    /**
     * Milliseconds between SIGTERM (when `/readyz` turns 503 and answers close their connections)
     * and closing the listening socket: the proxy's time to stop sending new requests here.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(8_000).default(2_000),
    /**
     * log2 of scrypt's N for new password hashes: 15 (32 MiB, tens of milliseconds a hash) unless
     * a test run lowers it to spend its time on what it tests; refused below 15 in production.
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(PASSWORD_HASH_COST),
  })
  .superRefine((c, ctx) => {
    // A provider is configured whole or not at all: half a configuration fails at start, not at the first payment.
    const whole = (names: (keyof typeof c)[], what: string) => {
      const given = names.filter((n) => c[n] !== undefined);
      if (given.length > 0 && given.length < names.length) {
        for (const n of names.filter((m) => c[m] === undefined)) {
          ctx.addIssue({ code: 'custom', path: [n], message: `must be set with the other ${what} settings` });
        }
      }
    };
    whole(['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'], 'Alipay');
    whole(
      [
        'WECHATPAY_MCH_ID',
        'WECHATPAY_APP_ID',
        'WECHATPAY_SERIAL_NO',
        'WECHATPAY_PRIVATE_KEY',
        'WECHATPAY_API_V3_KEY',
        'WECHATPAY_PLATFORM_PUBLIC_KEY',
        'WECHATPAY_PLATFORM_SERIAL',
      ],
      'WeChat Pay',
    );
    if (c.SMS_PROVIDER !== 'outbox') {
      const needed: (keyof typeof c)[] = [
        'SMS_ACCESS_KEY_ID',
        'SMS_ACCESS_KEY_SECRET',
        'SMS_SIGN_NAME',
        'SMS_TEMPLATES',
      ];
      if (c.SMS_PROVIDER === 'tencent') needed.push('SMS_SDK_APP_ID');
      for (const n of needed.filter((m) => c[m] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [n], message: `must be set when SMS_PROVIDER is ${c.SMS_PROVIDER}` });
      }
    }
    whole(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'S3 key');
    if (c.STORAGE === 's3') {
      // In production the keys are given, not left to whatever credentials the machine happens to have.
      const needed: (keyof typeof c)[] = ['S3_REGION', 'S3_BUCKET'];
      if (c.NODE_ENV === 'production') needed.push('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
      for (const n of needed.filter((m) => c[m] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [n], message: 'must be set when STORAGE is s3' });
      }
    }
    if (c.NODE_ENV !== 'production') return;
    if (c.CAPTCHA_TEST_CODE) {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_TEST_CODE'], message: 'must not be set in production' });
    }
    if (c.RATE_LIMITS === 'off') {
      ctx.addIssue({ code: 'custom', path: ['RATE_LIMITS'], message: 'must be on in production' });
    }
    if (c.PASSWORD_HASH_COST < PASSWORD_HASH_COST) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `must be at least ${PASSWORD_HASH_COST} in production`,
      });
    }
    if (c.APP_SECRET === DEV_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'must be set in production' });
    }
    // Without it an invite link would be made on whatever Host a request names.
    if (!c.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'must be set in production (the member app’s address, https://paimai.example.com)',
      });
    }
  });

/** SMS_TEMPLATES read: template name → the provider's template code; undefined when it is not such a JSON object. */
export function smsTemplateMap(value: string): Record<string, string> | undefined {
  try {
    const v: unknown = JSON.parse(value);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    const entries = Object.entries(v);
    return entries.length > 0 && entries.every(([, code]) => typeof code === 'string' && code.length > 0)
      ? (v as Record<string, string>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A PEM key as given in an environment variable, where `\n` often stands for its line breaks. */
export const pemOf = (value: string) => value.replace(/\\n/g, '\n').trim();

/** `false` (trust no forwarded address), a number of hops, or the proxies' addresses and CIDRs. */
export type TrustProxy = false | number | string[];

/** Whether one entry is an IP address, or an address with a prefix length that fits it. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...more] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || more.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY read, or undefined when it is none of the forms it may take. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const v = value.trim();
  if (v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const entries = v.split(',').map((e) => e.trim());
  return entries.length > 0 && entries.every(isAddressOrCidr) ? entries : undefined;
}

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  uploadDir: string;
  rateLimitPerAddress: number;
  trustProxy: TrustProxy;
  streamLimit: number;
};

/** The soft limit on open files of this process (Linux), or undefined where it cannot be read. */
function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Live streams for this machine: each holds a socket and about 30 KiB, so half the open-file
 * limit (the rest for the database, files and ordinary requests) and one per 256 KiB of memory,
 * whichever is less, from 100 to 20,000.
 */
export function machineStreamLimit(files = openFileLimit() ?? 1024, memory = os.totalmem()): number {
  return Math.max(100, Math.min(20_000, Math.floor(files / 2), Math.floor(memory / 262_144)));
}

/** The one validated configuration, read from the environment once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start`).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    rateLimitPerAddress: parsed.data.RATE_LIMIT_PER_ADDRESS ?? parsed.data.RATE_LIMIT_PER_MINUTE ?? 1200,
    trustProxy: parseTrustProxy(parsed.data.TRUST_PROXY)!,
    streamLimit: parsed.data.STREAM_LIMIT ?? machineStreamLimit(),
  };
}
