// `npm run prove` and its short version in CI (ops/prove.test.ts): the kill -9 trials, the
// fuzzer with the role matrix, and the abuse list, each on a house of its own, at once;
// one summary of the cases tried, the failures and what was lost.
import { abuse, type AbuseCheck } from './abuse.js';
import { fuzz, type FuzzReport } from './fuzz.js';
import { killTrials, type KillReport } from './kill-trials.js';

export interface ProveScale {
  trials: number;
  postgresEvery: number;
  loadMs: [number, number];
  members: number;
  fuzzRequests: number;
  seed: number;
}

export const FULL: ProveScale = {
  trials: 12,
  postgresEvery: 3,
  loadMs: [4_000, 10_000],
  members: 6,
  fuzzRequests: 10_000,
  seed: 20_261_127,
};
export const SHORT: ProveScale = {
  trials: 2,
  postgresEvery: 2,
  loadMs: [1_000, 2_500],
  members: 3,
  fuzzRequests: 1_500,
  seed: 20_261_127,
};

const n = (x: number) => x.toLocaleString('en-US');

export interface ProveResult {
  summary: string[];
  failures: string[];
  kill: KillReport;
  fuzz: FuzzReport;
  abuse: AbuseCheck[];
}

export async function prove(scale: ProveScale, log: (line: string) => void = () => {}): Promise<ProveResult> {
  const started = Date.now();
  // settled, not raced: a part that fails still lets the others finish and close their houses
  const settled = await Promise.allSettled([
    killTrials({ ...scale, log }),
    fuzz({ requests: scale.fuzzRequests, seed: scale.seed, log }),
    abuse({ log }),
  ]);
  const failed = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed.length > 0) throw failed[0]!.reason;
  const [kill, fz, ab] = settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as [
    KillReport,
    FuzzReport,
    AbuseCheck[],
  ];
  const a = kill.acknowledged;
  const acked = a.bids + a.ordersCreated + a.ordersPaid + a.deposits + a.withdrawals;
  const roles = fz.roles!;
  const abuseFailed = ab.filter((c) => c.failures.length > 0);
  const failures = [
    ...kill.lost.map((l) => `lost: ${l}`),
    ...fz.failures.map((f) => `fuzz: ${f}`),
    ...roles.wrong.map((w) => `role matrix: ${w}`),
    ...abuseFailed.flatMap((c) => c.failures.map((f) => `abuse: ${c.name}: ${f}`)),
  ];
  const minutes = Math.floor((Date.now() - started) / 60_000);
  const seconds = Math.round(((Date.now() - started) % 60_000) / 1000);
  const summary = [
    `kill -9 trials: ${kill.trials} (${kill.withPostgres} with PostgreSQL), acknowledged writes ${n(acked)} ` +
      `(bids ${n(a.bids)}, orders ${n(a.ordersCreated)} placed and ${n(a.ordersPaid)} paid, deposits ${n(a.deposits)}, ` +
      `withdrawals ${n(a.withdrawals)}), lost ${n(kill.lost.length)}; lots ${kill.lots}, closed once ${kill.lotsClosed}`,
    `fuzz: ${n(fz.requests)} requests over ${fz.operations} operations × ${fz.callers} callers, 500s ${fz.serverErrors}, ` +
      `non-envelope ${fz.nonEnvelope}, refused ${n(fz.refused)}, changed by a refusal ${fz.changedByRefusal} ` +
      `(writes seen by the counting: ${n(fz.writesSeen)}; seed ${fz.seed})`,
    `role matrix: ${roles.calls} operators' calls × ${roles.roles} roles, guest and member (${n(roles.cases)} requests), ` +
      `wrong ${roles.wrong.length}`,
    `abuse: ${ab.length} checks (${n(ab.reduce((s, c) => s + c.requests, 0))} requests), failed ${abuseFailed.length}`,
    ...ab.map((c) => `  ${c.failures.length === 0 ? 'held' : 'FAILED'}: ${c.name}`),
    `failures ${failures.length}; took ${minutes} min ${seconds} s`,
  ];
  return { summary, failures, kill, fuzz: fz, abuse: ab };
}
