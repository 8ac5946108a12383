import { accountsApi } from './accounts.schema.js';
import { addressesApi } from './addresses.schema.js';
import { auctionsApi } from './auctions.schema.js';
import { auditApi } from './audit.schema.js';
import { catalogueApi } from './catalogue.schema.js';
import { contentApi } from './content.schema.js';
import { custodyApi } from './custody.schema.js';
import { dashboardApi } from './dashboard.schema.js';
import { followApi } from './follow.schema.js';
import { searchApi } from './search.schema.js';
import { judgeApi } from './judge.schema.js';
import { integrityApi } from './integrity.schema.js';
import { messagesApi } from './messages.schema.js';
import type { Endpoint } from './endpoint.js';
import { operatorsApi } from './operators.schema.js';
import { ordersApi } from './orders.schema.js';
import { paymentsApi } from './payments.schema.js';
import { protectApi } from './protect.schema.js';
import { settingsApi } from './settings.schema.js';
import { teamApi } from './team.schema.js';
import { uploadsApi } from './uploads.schema.js';
import { verificationApi } from './verification.schema.js';
import { walletApi } from './wallet.schema.js';
import { withdrawalsApi } from './withdrawals.schema.js';

/** Every feature's endpoints, by feature: the key names the OpenAPI tag and the operation (`orders.create`). */
export const apiByFeature = {
  accounts: accountsApi,
  verification: verificationApi,
  uploads: uploadsApi,
  catalogue: catalogueApi,
  orders: ordersApi,
  custody: custodyApi,
  protect: protectApi,
  auctions: auctionsApi,
  follow: followApi,
  search: searchApi,
  judge: judgeApi,
  integrity: integrityApi,
  messages: messagesApi,
  addresses: addressesApi,
  wallet: walletApi,
  payments: paymentsApi,
  withdrawals: withdrawalsApi,
  team: teamApi,
  content: contentApi,
  settings: settingsApi,
  operators: operatorsApi,
  audit: auditApi,
  dashboard: dashboardApi,
} satisfies Record<string, Record<string, Endpoint>>;
export type ApiFeature = keyof typeof apiByFeature;

/** Every endpoint with its operation name (`orders.create`), for the server to register. */
export const namedEndpoints: { name: string; feature: ApiFeature; endpoint: Endpoint }[] = Object.entries(
  apiByFeature,
).flatMap(([feature, api]) =>
  Object.entries(api).map(([key, endpoint]: [string, Endpoint]) => ({
    name: `${feature}.${key}`,
    feature: feature as ApiFeature,
    endpoint,
  })),
);

export const allEndpoints: Endpoint[] = namedEndpoints.map((n) => n.endpoint);
