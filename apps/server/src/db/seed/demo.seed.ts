import fs from 'node:fs/promises';
import path from 'node:path';
import { loadDemo, type DemoTarget } from '@antique/demo';
import type { Logger } from 'pino';
import type { Services } from '../../app.js';
import type { Tx } from '../client.js';

/** What the demo package needs, made of the house's services, all inside one transaction. */
export function demoTarget(s: Services, tx: Tx, onStored: (key: string) => void): DemoTarget {
  return {
    isLoaded: () => s.settings.demoLoaded(tx),
    markLoaded: () => s.settings.markDemoLoaded(tx),
    async storePicture({ purpose, body }) {
      const { key, url } = await s.uploads.store({ purpose, body }, tx);
      onStored(key);
      return url;
    },
    createCategory: (category) => s.catalogue.createCategory(null, category, tx),
    createProduct: ({ sales, listedAt, ...product }) =>
      s.catalogue.createProduct(null, product, { sales, listedAt, tx }),
    createBanner: (banner) => s.catalogue.createBanner(null, banner, tx),
    createMember: (member) => s.members.create(member, tx),
    async deposit({ memberId, amount, memo }) {
      await s.wallet.deposit(null, memberId, { amount, memo: { code: memo } }, tx);
    },
  };
}

/**
 * Loads the demo (`@antique/demo`: catalogue, pictures, members with money) once, on a first
 * start with DEMO_DATA=1; main.ts imports this module only then. One transaction: if it
 * fails, the rows go with it and the picture files written so far are removed.
 */
export async function seedDemo(s: Services, log: Logger, uploadDir: string): Promise<void> {
  const stored: string[] = [];
  let loaded;
  try {
    loaded = await s.transaction((tx) =>
      loadDemo(
        demoTarget(s, tx, (key) => stored.push(key)),
        { now: s.clock.now() },
      ),
    );
  } catch (e) {
    await Promise.all(stored.map((key) => fs.rm(path.join(uploadDir, ...key.split('/')), { force: true })));
    throw e;
  }
  if (!loaded.loaded) return;
  const { members, password, ...counts } = loaded;
  log.info(counts, 'demo loaded');
  log.info(`demo data loaded: members ${members.join(', ')} with password ${password}`);
}
