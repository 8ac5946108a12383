import type { AuctionsService } from '../modules/auctions/auctions.service.js';
import type { Job } from './scheduler.js';

/**
 * Watched lots' reminders (a lot started, its current end is ten minutes away): each claimed
 * in `lot_notices` by one statement before it is sent, so with several instances or runs at
 * once every watcher is told once.
 */
export function watchRemindersJob(auctions: Pick<AuctionsService, 'remindWatchers'>): Job {
  return { name: 'lot-watch-reminders', everyMs: 5_000, run: () => auctions.remindWatchers() };
}
