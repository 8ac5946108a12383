import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newPhone, PASSWORD, registerMember, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function verified(idNumber: string) {
  const at = new Date(t.clock.now());
  const m = await t.services.members.create({
    phone: newPhone(),
    password: PASSWORD,
    nickname: '藏家',
    realName: { name: '张三', idNumber, submittedAt: at, reviewedAt: at },
  });
  return m!.id;
}

describe('the bidder key', () => {
  it('is refused without a verified real name', async () => {
    const m = await registerMember(t);
    await expect(t.services.members.bidderOf(m.id)).rejects.toMatchObject({ code: 403, reason: 'REAL_NAME_REQUIRED' });
    expect(await t.services.members.bidderKeyIfVerified(m.id)).toBeNull();
    await expect(t.services.members.bidderOf(999_999)).rejects.toMatchObject({ code: 404 });
  });

  it('is one per person: accounts sharing an ID number share it, never the number itself', async () => {
    const a = await verified('11010119900307451x');
    const b = await verified('11010119900307451X');
    const c = await verified('110101199003074514');
    const [ka, kb, kc] = await Promise.all([a, b, c].map((id) => t.services.members.bidderOf(id)));
    expect(ka!.key).toBe(kb!.key);
    expect(ka!.key).not.toBe(kc!.key);
    expect(ka!.key).toMatch(/^[0-9a-f]{64}$/);
    expect(ka!.key).not.toContain('110101');
    expect(ka!.publicId).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(await t.services.members.bidderKeyIfVerified(a)).toBe(ka!.key);
  });

  it('answers bids arriving together each with its own bidder (read in one query), refusals included', async () => {
    const a = await verified('110101199003074530');
    const b = await verified('110101199003074549');
    const unverified = await registerMember(t);
    const out = await Promise.allSettled(
      [a, unverified.id, b, 999_999, a].map((id) => t.services.members.bidderOf(id)),
    );
    const [ka, kb] = [await t.services.members.bidderOf(a), await t.services.members.bidderOf(b)];
    expect(out.map((o) => (o.status === 'fulfilled' ? o.value.key : (o.reason as { code: number }).code))).toEqual([
      ka.key,
      403,
      kb.key,
      404,
      ka.key,
    ]);
  });
});
