import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.js';
import { fail } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/tokens.js';
import { createVerificationRepository } from './verification.repository.js';

const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/** Image captchas: valid five minutes, good for one attempt whatever its outcome. */
export function createCaptchaService({ db, clock, testCode }: { db: Db; clock: Clock; testCode?: string }) {
  const repo = createVerificationRepository(db);
  return {
    async create() {
      const c = svgCaptcha.create({
        size: 4,
        noise: 2,
        color: true,
        background: '#1c1c1e',
        ignoreChars: '0oO1iIlL',
        width: 120,
        height: 44,
        fontSize: 48,
      });
      const id = crypto.randomUUID();
      const now = clock.now();
      await repo.insertCaptcha({
        id,
        answerHash: sha256(c.text.toLowerCase()),
        expiresAt: new Date(now + CAPTCHA_TTL_MS),
      });
      // Old rows are of no use to anyone; keep the table small.
      await repo.deleteCaptchasExpiredBefore(new Date(now - CAPTCHA_TTL_MS));
      return { captchaId: id, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
    },

    /** Uses the captcha up; throws CAPTCHA_INVALID unless it was live and the answer right. */
    async consume(captchaId: string, answer: string) {
      const now = new Date(clock.now());
      const row = await repo.useCaptcha(captchaId, now);
      const given = answer.trim().toLowerCase();
      const right =
        row && (row.answerHash === sha256(given) || (testCode !== undefined && given === testCode.toLowerCase()));
      if (!right) throw fail('CAPTCHA_INVALID', { field: 'captchaCode' });
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
