import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createConsignmentsService } from './consignments.service.js';
import { createCustodyRepository } from './custody.repository.js';
import { createCustodyViews, type MembersLookup } from './custody-views.js';
import { createHoldingsService } from './holdings.service.js';
import { createPicksService } from './picks.service.js';
import { createRelistService } from './relist.service.js';

export type { Grant, LotSale } from './holdings.service.js';

/**
 * What the house keeps for members and for itself (decision 008): each piece (holding)
 * and its history here, which stays with the piece when it changes hands; its pick-up;
 * its consignment for auction. Three parts over one repository of the custody tables;
 * work that spans owners (a payment, a lot, a review, a shipment) is in `flows/`.
 */
export function createCustodyService(d: {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  addresses: Pick<AddressesService, 'find'>;
  catalogue: Pick<CatalogueService, 'imagesOf'>;
  members: MembersLookup;
}) {
  const repo = createCustodyRepository(d.db);
  const views = createCustodyViews({ ...d, repo });
  return {
    ...createHoldingsService({ ...d, repo, views }),
    ...createPicksService({ ...d, repo, views }),
    ...createConsignmentsService({ ...d, repo, views }),
    // A lot offered again to its underbidder (issue 18).
    ...createRelistService({ ...d, repo }),
    /** The dashboard's queues: pick-ups to ship, consignments to review. */
    dashboardFigures: () => repo.queueCounts(),
  };
}
export type CustodyService = ReturnType<typeof createCustodyService>;
