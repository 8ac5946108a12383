import type { SendInput } from '@antique/shared';
import { http } from '../../lib/request';

export interface SendSmsOutput {
  expiresIn: number;
  resendIn: number;
}

/** POST /send. A logged-in member leaves `phone` out for the password and trade scenes. */
export function sendSms(input: SendInput): Promise<SendSmsOutput> {
  return http.post<SendSmsOutput>('/send', input);
}
