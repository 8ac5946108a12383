import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { MessagesService } from '../messages/messages.service.js';
import type { CaptchaService } from '../verification/captcha.service.js';
import type { SmsService } from '../verification/sms.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { Passwords } from '../../lib/password-hash.js';
import { createAccountsService } from './accounts.service.js';
import { createBidderService } from './bidder.service.js';
import { createMemberTiesService } from './member-ties.service.js';
import { createMemberViews } from './member-views.js';
import { createMembersRepository } from './members.repository.js';
import { createProfileService } from './profile.service.js';
import { createRealNameService } from './real-name.service.js';

/**
 * The members module as other modules and the routes see it: accounts (sign-up,
 * sign-in, sessions, freezing), profile and passwords, and real-name review, over one
 * repository of the members' tables.
 */
export function createMembersService(d: {
  db: Db;
  /** Hashing and checking the members' login and trade passwords. */
  passwords: Passwords;
  clock: Clock;
  settings: SettingsService;
  captcha: CaptchaService;
  sms: SmsService;
  wallet: WalletService;
  uploads: UploadsService;
  audit: AuditService;
  /** member/info's unread messages. */
  messages: Pick<MessagesService, 'unreadCount'>;
  /** Keys the bidder key (HMAC of the verified ID number): the app secret. */
  secret: string;
}) {
  const repo = createMembersRepository(d.db);
  const views = createMemberViews(d);
  const accounts = createAccountsService({ ...d, repo, views });
  const profile = createProfileService({ ...d, repo, views, sessions: accounts.sessions });
  const realName = createRealNameService({ ...d, repo, views });
  const bidder = createBidderService({ repo, secret: d.secret });
  return {
    ...accounts,
    ...profile,
    ...realName,
    ...bidder,
    // The bidding signals' reads: inviters and sign-in sources (issue 18).
    ...createMemberTiesService(d),
    /** The dashboard's members: all, joined in [from, to), real-name checks waiting for review. */
    dashboardFigures: (from: Date, to: Date) => repo.dashboardCounts(from, to),
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
