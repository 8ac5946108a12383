import { describe, expect, it } from 'vitest';
import { noteServerTime, serverNow } from './server-clock';

describe('server clock', () => {
  it('follows the last X-Server-Time and ignores what is not a time', () => {
    noteServerTime(String(Date.now() + 90_000));
    expect(serverNow() - Date.now()).toBeGreaterThanOrEqual(89_000);
    noteServerTime('not a time');
    noteServerTime(null);
    expect(serverNow() - Date.now()).toBeGreaterThanOrEqual(89_000);
    noteServerTime(String(Date.now()));
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(1_000);
  });
});
