import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('shared request counts', () => {
  it('counts a key in its window, in parallel without losing one, and forgets windows an hour after they ended', async () => {
    const counts = await Promise.all(
      Array.from({ length: 25 }, () => t.services.limits.count('test a:192.0.2.1', 60_000)),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(counts.every((c) => c.ttlMs > 0 && c.ttlMs <= 60_000)).toBe(true);
    // A window that ended starts again at 1.
    await t.services.limits.count('test a:192.0.2.2', 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await t.services.limits.count('test a:192.0.2.2', 60_000)).count).toBe(1);

    expect(await t.services.limits.prune()).toBe(0);
    t.clock.advance(2 * 3_600_000);
    expect(await t.services.limits.prune()).toBe(2);
    expect((await t.services.limits.count('test a:192.0.2.1', 60_000)).count).toBe(1);
  });
});
