import type { AdminBanner, Banner } from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { invalidField, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { BannerRow, CatalogueRepository } from './catalogue.repository.js';
import { FILE_URL } from '../../lib/file-url.js';

export interface BannerInput {
  position: 'home' | 'mall';
  image: string;
  title: string;
  link: string;
  sort: number;
  enabled: boolean;
}

const toBanner = (r: BannerRow): Banner => ({ id: r.id, image: r.image, title: r.title, link: r.link });
const toAdminBanner = (r: BannerRow): AdminBanner => ({
  ...toBanner(r),
  position: r.position as AdminBanner['position'],
  sort: r.sort,
  enabled: r.enabled,
});

/** Banners of the home page and the mall: an image and a link, in the operators' order. */
export function createBannersService(d: { db: Db; clock: Clock; audit: AuditService; repo: CatalogueRepository }) {
  const { db, clock, repo } = d;

  async function saveBanner(actor: Actor, input: BannerInput, id: number | undefined, outer?: Tx) {
    if (!FILE_URL.test(input.image)) throw invalidField('image');
    return (outer ?? db).transaction(async (tx) => {
      if (id === undefined) {
        const row = await repo.insertBanner({ ...input, createdAt: new Date(clock.now()) }, tx);
        await d.audit.record(tx, actor, {
          action: 'banner.create',
          targetType: 'banner',
          targetId: row.id,
          after: input,
        });
        return toAdminBanner(row);
      }
      const before = await repo.bannerForUpdate(id, tx);
      if (!before) throw notFound();
      const row = (await repo.updateBanner(id, input, tx))!;
      await d.audit.record(tx, actor, {
        action: 'banner.update',
        targetType: 'banner',
        targetId: id,
        before: toAdminBanner(before),
        after: toAdminBanner(row),
      });
      return toAdminBanner(row);
    });
  }

  return {
    async banners(position: string) {
      return (await repo.banners({ position, enabledOnly: true })).map(toBanner);
    },

    async adminBanners(position?: string) {
      return (await repo.banners({ ...(position ? { position } : {}), enabledOnly: false })).map(toAdminBanner);
    },

    createBanner: (actor: Actor, input: BannerInput, outer?: Tx) => saveBanner(actor, input, undefined, outer),

    updateBanner: (actor: Actor, id: number, input: BannerInput) => saveBanner(actor, input, id),

    async deleteBanner(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await repo.deleteBanner(id, tx);
        if (!before) throw notFound();
        await d.audit.record(tx, actor, {
          action: 'banner.delete',
          targetType: 'banner',
          targetId: id,
          before: toAdminBanner(before),
        });
      });
      return null;
    },
  };
}
