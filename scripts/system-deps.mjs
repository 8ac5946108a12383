// The browser journeys need Debian's Chromium and a CJK font. As root they are installed
// here; otherwise we stop at once with the command to run. Never skipped silently.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

export function ensureBrowser() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  if (!fs.existsSync(FONT)) missing.push('fonts-wqy-microhei');
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`\nThe browser journeys need ${missing.join(' and ')}. Run:\n\n  sudo ${command}\n`);
    process.exit(1);
  }
  console.log(`installing ${missing.join(', ')} for the browser journeys`);
  const r = spawnSync('bash', ['-c', command], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0 || !fs.existsSync(CHROMIUM)) {
    console.error(`\ncould not install ${missing.join(' and ')}; run: ${command}`);
    process.exit(1);
  }
  execSync('fc-cache -f >/dev/null 2>&1 || true');
}
