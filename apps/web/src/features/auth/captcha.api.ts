import type { CaptchaOutput } from '@antique/shared';
import { http } from '../../lib/request';

/** GET /captcha: an SVG data URI, valid for 5 minutes and one use. */
export function fetchCaptcha(): Promise<CaptchaOutput> {
  return http.get<CaptchaOutput>('/captcha');
}
