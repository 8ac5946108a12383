import { verificationApi } from '@antique/shared/routes';
import type { CaptchaOutput } from '@antique/shared';
import { call } from '../../lib/request';

/** An SVG data URI, valid for 5 minutes and one use. */
export function fetchCaptcha(): Promise<CaptchaOutput> {
  return call(verificationApi.captcha, {});
}
