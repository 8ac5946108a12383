import { loadConfig } from './config.js';
import { systemClock } from './lib/clock.js';
import { storageOf } from './lib/storage.js';
import { copyUploadsToBucket } from './modules/uploads/uploads-copy.js';

/**
 * `npm run uploads-to-s3 [folder]`: copies a house's pictures from disk (DATA_DIR/uploads,
 * or the folder given) to the bucket of STORAGE=s3 and the S3_* settings, the same
 * environment the server runs with. Run it before starting the instances with STORAGE=s3;
 * running it again copies only what is missing.
 */
async function run() {
  const config = loadConfig();
  const storage = storageOf(config, systemClock);
  if (storage.kind !== 's3') {
    console.error('Set STORAGE=s3 and the S3_* settings of the bucket to copy the pictures to.');
    process.exit(2);
  }
  const dir = process.argv[2] ?? config.uploadDir;
  console.log(`copying pictures from ${dir} to bucket ${storage.bucket}`);
  const report = await copyUploadsToBucket(dir, storage);
  for (const file of report.ignored) console.log(`  left alone (not a stored picture): ${file}`);
  console.log(
    `copied ${report.copied} (${report.copiedPrivate} identity photos to private/), ` +
      `already there ${report.skipped}, left alone ${report.ignored.length}`,
  );
}

run().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
