import fs from 'node:fs';
import { expect, it } from 'vitest';
import { FULL, prove, SHORT } from './prove/prove.js';

// The short version of `npm run prove` (scripts/prove.mjs runs this file with PROVE_FULL=1):
// kill -9 trials under load, the fuzzer over every operation as six callers, the role
// matrix and the abuse list against the built server. It fails on anything lost or refused wrongly.
const full = process.env.PROVE_FULL === '1';

it(
  `proves the house ${full ? 'at full scale' : 'in short'}: nothing lost, no 500, refusals change nothing, limits hold`,
  async () => {
    const quiet = process.env.PROVE_QUIET === '1';
    const scale = {
      ...(full ? FULL : SHORT),
      ...(process.env.PROVE_SEED ? { seed: Number(process.env.PROVE_SEED) } : {}),
    };
    const result = await prove(scale, quiet ? () => {} : (line) => console.info(line));
    if (process.env.PROVE_SUMMARY) fs.writeFileSync(process.env.PROVE_SUMMARY, JSON.stringify(result, null, 2));
    console.info(result.summary.join('\n'));
    expect(result.failures.slice(0, 20)).toEqual([]);
    expect(result.kill.trials).toBe((full ? FULL : SHORT).trials);
    expect(result.fuzz.requests).toBeGreaterThanOrEqual((full ? FULL : SHORT).fuzzRequests);
  },
  full ? 3_600_000 : 600_000,
);
