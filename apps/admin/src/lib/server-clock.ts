/**
 * The server's clock as the console last heard it: every answer carries `X-Server-Time`, and
 * countdowns (a live lot's end, soft close) read `serverNow()` so that an operator's computer
 * with a wrong clock still shows the end the server will enforce.
 */
let offsetMs = 0;

/** Records the server time of an answer (the header's value in epoch ms); ignores what is not a time. */
export function noteServerTime(header: string | null, deviceNow = Date.now()): void {
  const serverTime = Number(header);
  if (!header || !Number.isFinite(serverTime) || serverTime <= 0) return;
  offsetMs = serverTime - deviceNow;
}

/** Now on the server's clock, in epoch ms. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
