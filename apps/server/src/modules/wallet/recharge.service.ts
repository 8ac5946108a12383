import type { RechargeChannel, RechargeConfig } from '@antique/shared';
import type { ArticlesService } from '../content/articles.service.js';
import type { SettingsService } from '../settings/settings.service.js';

/**
 * What the top-up page offers. Money comes in today by bank transfer, recorded by finance: the
 * house's account is kept with the contact page. Online channels are those whose provider is
 * configured (payments/providers), within the settings' limits.
 */
export function createRechargeService({
  settings,
  articles,
  channels = [],
}: {
  settings: SettingsService;
  articles: Pick<ArticlesService, 'bankAccount'>;
  channels?: readonly RechargeChannel[];
}) {
  return {
    async config(): Promise<RechargeConfig> {
      const [limits, bank] = await Promise.all([settings.get('recharge'), articles.bankAccount()]);
      return { channels: [...channels], minAmount: limits.minAmount, maxAmount: limits.maxAmount, bank };
    },
  };
}
export type RechargeService = ReturnType<typeof createRechargeService>;
