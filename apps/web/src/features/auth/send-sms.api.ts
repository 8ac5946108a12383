import { verificationApi, type SendInput, type SendOutput } from '@antique/shared';
import { call } from '../../lib/request';

/** A logged-in member leaves `phone` out for the password and trade scenes. */
export function sendSms(input: SendInput): Promise<SendOutput> {
  return call(verificationApi.send, input);
}
