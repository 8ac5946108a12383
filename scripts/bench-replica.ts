// `npm run bench`, the read scenarios on a streaming replica (DATABASE_REPLICA_URL): figures,
// not assertions. Run with tsx (it uses the operations suite's Debian PostgreSQL helpers).
// A throwaway Debian PostgreSQL primary on loopback, the built server with the demo on it, the
// house of realistic size loaded (scripts/bench-scale.mjs), the read scenarios on the primary
// alone; then a hot standby made with pg_basebackup -R that streams from it, the server
// started again with DATABASE_REPLICA_URL, the same reads (guests' reads go to the replica, a
// member's own data stays on the primary). Skips, saying so, without Debian's PostgreSQL.
//   BENCH_SERVER, BENCH_PRODUCTS, BENCH_MEMBERS, BENCH_LOTS, BENCH_SECONDS, BENCH_CONNECTIONS
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  asPostgres,
  clusterAt,
  CLUSTER_PASSWORD,
  debianPgBin,
  freePort,
  postgresDir,
  startCluster,
} from '../ops/support/system.js';
import { waitUp } from './bench-helpers.mjs';
import { fundedBidders } from './bench-house.mjs';
import { loadHouse, reads } from './bench-scale.mjs';
import { ADMIN_PASSWORD, createBenchServer } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = debianPgBin();
if (!bin) {
  console.log("\nreads on a replica: skipped (Debian's PostgreSQL is not installed: apt-get install postgresql)");
  process.exit(0);
}

const primary = await startCluster(bin, { wal_level: 'replica', max_wal_senders: '5' });
const bench = createBenchServer({ root, port: 8104, server: process.env.BENCH_SERVER ?? 'apps/server/dist/main.js' });
let replica: ReturnType<typeof clusterAt> | undefined;
const dirs = [path.dirname(primary.dataDir)];
try {
  const setup = new pg.Client({ connectionString: primary.url() });
  await setup.connect();
  await setup.query('CREATE DATABASE house');
  await setup.end();
  let server = bench.start({ DATABASE_URL: primary.url('house') });
  await waitUp(bench.base);
  const client = new pg.Client({ connectionString: primary.url('house') });
  client.on('error', () => undefined);
  await client.connect();
  console.log("\nreads on a replica: the house on Debian's PostgreSQL 15, loaded through SQL:");
  const { historyLot } = await loadHouse(client);
  const admin = (await bench.call('POST', '/v1/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).data
    .token;
  const [token] = await fundedBidders(bench, client, admin, 2);
  console.log('\non the primary alone:');
  await reads(bench.base, token, historyLot);

  // The standby: a base backup of the primary that keeps streaming from it.
  const dir = postgresDir('bench-replica-');
  dirs.push(dir);
  const dataDir = path.join(dir, 'data');
  asPostgres(
    path.join(bin, 'pg_basebackup'),
    [
      '-D',
      dataDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
    ],
    { env: { PGPASSWORD: CLUSTER_PASSWORD } },
  );
  replica = clusterAt(bin, dataDir, await freePort(), { hot_standby: 'on' });
  const onReplica = new pg.Client({ connectionString: replica.url('house') });
  await onReplica.connect();
  const target = (await client.query('SELECT pg_current_wal_lsn()::text AS l')).rows[0].l;
  for (let i = 0; i < 600; i++) {
    const r = await onReplica.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [target]);
    if (r.rows[0].ok) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  await onReplica.end();
  await client.end();

  await bench.stop(server);
  server = bench.start({ DATABASE_URL: primary.url('house'), DATABASE_REPLICA_URL: replica.url('house') });
  await waitUp(bench.base);
  console.log('\nwith DATABASE_REPLICA_URL (the same server and primary, a streaming replica beside):');
  await reads(bench.base, token, historyLot);
} finally {
  await bench.cleanup();
  try {
    replica?.stop('immediate');
  } catch {
    /* not running */
  }
  try {
    primary.stop('immediate');
  } catch {
    /* not running */
  }
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
