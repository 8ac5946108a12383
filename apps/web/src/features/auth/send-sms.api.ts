import { verificationApi } from '@antique/shared/routes';
import type { SendInput, SendOutput } from '@antique/shared';
import { call } from '../../lib/request';

/** A logged-in member leaves `phone` out for the password and trade scenes. */
export function sendSms(input: SendInput): Promise<SendOutput> {
  return call(verificationApi.send, input);
}
