import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { rechargeChannels } from '@antique/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Logger } from 'pino';
import { adminAuctionsRoutes } from './admin/auctions/auctions.routes.js';
import { adminOffersRoutes } from './admin/auctions/offers.routes.js';
import { adminCatalogueRoutes } from './admin/catalogue/catalogue.routes.js';
import { adminClaimsRoutes } from './admin/custody/claims.routes.js';
import { adminCustodyRoutes } from './admin/custody/custody.routes.js';
import { adminDashboardRoutes } from './admin/dashboard/dashboard.routes.js';
import { adminJudgeRoutes } from './admin/judge/judge.routes.js';
import { adminMembersRoutes } from './admin/members/members.routes.js';
import { adminOperatorsRoutes } from './admin/operators/operators.routes.js';
import { adminOrdersRoutes } from './admin/orders/orders.routes.js';
import { adminSystemRoutes } from './admin/system/system.routes.js';
import { adminContentRoutes } from './admin/content/content.routes.js';
import { adminWalletRoutes } from './admin/wallet/wallet.routes.js';
import { adminPaymentsRoutes } from './admin/payments/payments.routes.js';
import { adminWithdrawalsRoutes } from './admin/withdrawals/withdrawals.routes.js';
import type { Config, TrustProxy } from './config.js';
import type { Db, Tx } from './db/client.js';
import type { ReadRouting } from './db/replica.js';
import { createAuthHooks } from './http/auth.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/envelope.js';
import { createIdempotency } from './http/idempotency.js';
import { failedAuthLimit, requestLimits } from './http/rate-limits.js';
import { createSerializerCompiler } from './http/response-serializer.js';
import { createRoute } from './http/route.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerHealth } from './http/health.js';
import { requestLoggerFactory } from './http/request-logger.js';
import { createStreamLimits } from './http/stream-limits.js';
import { assetUrls } from './http/asset-urls.js';
import { storageOf } from './lib/storage.js';
import { registerMetrics } from './http/metrics.js';
import { createMetrics, type Metrics } from './lib/metrics.js';
import { createBidFlow } from './flows/bid.flow.js';
import { createLotHandFlow } from './flows/lot-hand.flow.js';
import { createIntegrityService } from './modules/integrity/integrity.service.js';
import { adminIntegrityRoutes } from './admin/integrity/integrity.routes.js';
import { createClaimDecisionFlow } from './flows/claim-decision.flow.js';
import { createLotCloseFlow } from './flows/lot-close.flow.js';
import { createLotListingFlow } from './flows/lot-listing.flow.js';
import { createOrderCancelFlow } from './flows/order-cancel.flow.js';
import { createOrderPaymentFlow } from './flows/order-payment.flow.js';
import { createPickShipFlow } from './flows/pick-ship.flow.js';
import { createSecondChanceFlow } from './flows/second-chance.flow.js';
import { createWithdrawalFlow } from './flows/withdrawal.flow.js';
import { type Clock, systemClock } from './lib/clock.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { createAddressesService } from './modules/addresses/addresses.service.js';
import { auctionsRoutes } from './modules/auctions/auctions.routes.js';
import { createAuctionsService } from './modules/auctions/auctions.service.js';
import { offersRoutes } from './modules/auctions/offers.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { createContentService } from './modules/content/content.service.js';
import { createHouseService } from './modules/content/house.service.js';
import { houseRoutes } from './modules/content/house.routes.js';
import { questionsRoutes } from './modules/auctions/questions.routes.js';
import { createConditionReportsService } from './modules/catalogue/condition-reports.service.js';
import { articlesRoutes } from './modules/content/articles.routes.js';
import { createArticlesService } from './modules/content/articles.service.js';
import { claimsRoutes } from './modules/custody/claims.routes.js';
import { createClaimsService } from './modules/custody/claims.service.js';
import { custodyRoutes } from './modules/custody/custody.routes.js';
import { createCustodyService } from './modules/custody/custody.service.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createExportsService } from './modules/exports/exports.service.js';
import { createIdempotencyService } from './modules/idempotency/idempotency.service.js';
import { createLimitsService } from './modules/limits/limits.service.js';
import { createLiveService } from './modules/live/live.service.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { createMembersService } from './modules/members/members.service.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { savedSearchesRoutes } from './modules/messages/saved-searches.routes.js';
import { createSavedSearchesService } from './modules/messages/saved-searches.service.js';
import { createProductListingFlow } from './flows/product-listing.flow.js';
import { createMessagesService } from './modules/messages/messages.service.js';
import { createNoticesService } from './modules/notices/notices.service.js';
import { createPasswords } from './lib/password-hash.js';
import { createOperatorsService } from './modules/operators/operators.service.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createReferralsService } from './modules/referrals/referrals.service.js';
import { teamRoutes } from './modules/referrals/team.routes.js';
import { createTeamService } from './modules/referrals/team.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { filesRoute, uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { createUploadsService } from './modules/uploads/uploads.service.js';
import { createCaptchaService } from './modules/verification/captcha.service.js';
import { createSmsService, type SmsSender } from './modules/verification/sms.service.js';
import { smsSenderOf } from './modules/verification/sms-providers/sms-provider.factory.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createReconcileService } from './modules/reconcile/reconcile.service.js';
import { paymentProvidersOf } from './modules/payments/providers/payment-providers.js';
import { createRechargeFlow } from './flows/recharge.flow.js';
import { createWalletService } from './modules/wallet/wallet.service.js';
import { createRechargeService } from './modules/wallet/recharge.service.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.js';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service.js';

export interface AppDeps {
  db: Db;
  config: Config;
  clock?: Clock;
  logger?: Logger | boolean;
  sms?: SmsSender;
  /** Public reads on a replica (DATABASE_REPLICA_URL); without it every read is on `db`. */
  reads?: ReadRouting;
  /** Built front ends to serve; absent in API tests. */
  webDist?: string;
  adminDist?: string;
  /** What this instance counts for /metrics; a registry of its own when not given. */
  metrics?: Metrics;
}

/**
 * Every module's service, wired by hand so that each one's dependencies are visible. The
 * order is the dependency order: a service only gets services created before it.
 */
export function createServices(deps: AppDeps) {
  const { db, config } = deps;
  const clock = deps.clock ?? systemClock;
  // The public reads' handle (catalogue, lots, news): the replica when a request may read there.
  const readDb = deps.reads?.readDb ?? db;
  const metrics = deps.metrics ?? createMetrics();
  metrics.watchPool('primary', (db as Db & { $client: pg.Pool }).$client);
  if (deps.reads) metrics.watchReplica(deps.reads.status, deps.reads.replicaPool);
  // The audit log names operators, whose service itself records in the audit log.
  const audit = createAuditService({ db, clock, operatorNames: (ids) => operators.namesOf(ids) });
  const settings = createSettingsService({ db, clock, audit });
  const captcha = createCaptchaService({ db, clock, testCode: config.CAPTCHA_TEST_CODE });
  // scrypt at the house's cost; test runs lower it (PASSWORD_HASH_COST, refused in production).
  const passwords = createPasswords(config.PASSWORD_HASH_COST);
  const limits = createLimitsService({ db, clock });
  const operators = createOperatorsService({ db, clock, audit, settings, captcha, passwords, limits });
  const idempotency = createIdempotencyService({ db, clock });
  const wallet = createWalletService({ db, clock, audit });
  // Pictures on disk (DATA_DIR) or in a bucket (STORAGE=s3): lib/storage.ts.
  const uploads = createUploadsService({ db, clock, secret: config.APP_SECRET, storage: storageOf(config, clock) });
  // A provider given by the caller, else the one SMS_PROVIDER names; none keeps texts in the outbox.
  const smsSender = deps.sms ?? smsSenderOf(config);
  const sms = createSmsService({ db, clock, settings, ...(smsSender ? { sender: smsSender } : {}) });
  // Every notice is kept in the member's messages; member/info reads their unread count.
  const messages = createMessagesService({ db, clock });
  const members = createMembersService({
    db,
    passwords,
    clock,
    messages,
    settings,
    captcha,
    sms,
    wallet,
    uploads,
    audit,
    secret: config.APP_SECRET,
  });
  const notices = createNoticesService({ db, clock, sms, members, messages });
  const orders = createOrdersService({ db, clock, settings, members });
  // A product page says until when an unpaid order holds a piece (a read of orders).
  // Condition reports (catalogue's) name their examiner and read a lot's product from auctions (made below).
  const conditions = createConditionReportsService({
    db,
    readDb,
    clock,
    audit,
    operatorNames: (ids) => operators.namesOf(ids),
    lotProductOf: (id) => auctions.lotProductOf(id),
  });
  const catalogue = createCatalogueService({
    db,
    readDb,
    clock,
    audit,
    reservedUntil: orders.reservedUntil,
    conditionOf: conditions.productCondition,
    // A product page's comparables: the house's sold lots (a read of auctions, made below).
    comparables: (subject) => auctions.comparables(subject),
  });
  const auctions = createAuctionsService({
    db,
    readDb,
    clock,
    settings,
    members,
    notices,
    audit,
    orders,
    conditions,
    operatorNames: (ids) => operators.namesOf(ids),
    departments: catalogue,
  });
  // Saved searches read the new product or lot from its owner and tell the members (issue 18).
  const savedSearches = createSavedSearchesService({ db, clock, notices, catalogue, auctions });
  const live = createLiveService({ notices, prices: (ids) => auctions.prices(ids) });
  const content = createContentService({ db, clock, audit, settings, houseFigures: auctions.houseFigures });
  const house = createHouseService({ clock, settings, figures: auctions.houseFigures });
  const articles = createArticlesService({ db, readDb, clock, audit });
  const addresses = createAddressesService({ db, clock });
  const custody = createCustodyService({ db, clock, settings, addresses, catalogue, members });
  const claims = createClaimsService({
    db,
    clock,
    settings,
    uploads,
    orders,
    members,
    operatorNames: (ids) => operators.namesOf(ids),
  });
  const referrals = createReferralsService({ settings, members, wallet });
  const team = createTeamService({ members, wallet, publicUrl: config.PUBLIC_URL });
  const withdrawals = createWithdrawalsService({ db, clock, settings, members });
  const payments = createPaymentsService({ db, clock, members });
  const providers = paymentProvidersOf(config);
  const exports = createExportsService({ clock, wallet, orders, members, withdrawals, payments });
  const dashboard = createDashboardService({ clock, members, orders, auctions, custody, wallet, withdrawals });
  // Every reconcile (an operator's, the ledger-reconcile job's) sets the gauge the alert reads.
  const reconciliation = metrics.watchReconcile(createReconcileService({ wallet, payments }));
  const recharge = createRechargeService({
    settings,
    articles,
    channels: rechargeChannels.filter((c) => providers[c]),
  });
  // Work that spans owners (decision 009): each flow opens one transaction and calls the owners above in order.
  const orderCancelFlow = createOrderCancelFlow({ db, orders, catalogue, auctions, wallet, custody, notices });
  const orderPaymentFlow = createOrderPaymentFlow({
    db,
    clock,
    settings,
    orders,
    wallet,
    custody,
    catalogue,
    members,
    referrals,
    auctions,
    cancel: orderCancelFlow,
  });
  const lotCloseFlow = createLotCloseFlow({
    db,
    settings,
    auctions,
    orders,
    wallet,
    custody,
    catalogue,
    notices,
    metrics,
  });
  const lotListingFlow = createLotListingFlow({ db, audit, catalogue, custody, auctions, savedSearches });
  const productListingFlow = createProductListingFlow({ catalogue, savedSearches });
  const bidFlow = createBidFlow({ db, members, auctions, wallet, notices, metrics });
  const lotHandFlow = createLotHandFlow({ db, audit, auctions, wallet, custody, catalogue, notices });
  const integrity = createIntegrityService({ db, clock, audit, auctions, members, addresses });
  const pickShipFlow = createPickShipFlow({ db, audit, custody, notices });
  const claimDecisionFlow = createClaimDecisionFlow({ db, claims, wallet, audit, notices });
  const secondChanceFlow = createSecondChanceFlow({
    db,
    settings,
    auctions,
    custody,
    catalogue,
    wallet,
    orders,
    members,
    audit,
    notices,
  });
  const withdrawalFlow = createWithdrawalFlow({
    db,
    clock,
    withdrawals,
    wallet,
    members,
    audit,
    ...(providers.alipay ? { alipay: providers.alipay } : {}),
  });
  const rechargeFlow = createRechargeFlow({
    db,
    clock,
    settings,
    payments,
    orders,
    wallet,
    orderPayment: orderPaymentFlow,
    providers,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  });
  return {
    clock,
    metrics,
    /** One unit of work across services: pass its `tx` to the calls that take one. */
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),
    audit,
    operators,
    settings,
    idempotency,
    limits,
    wallet,
    uploads,
    captcha,
    sms,
    members,
    messages,
    notices,
    live,
    auctions,
    content,
    articles,
    catalogue,
    custody,
    referrals,
    team,
    orders,
    addresses,
    exports,
    withdrawals,
    dashboard,
    recharge,
    payments,
    reconciliation,
    rechargeFlow,
    orderPaymentFlow,
    orderCancelFlow,
    lotCloseFlow,
    lotListingFlow,
    productListingFlow,
    savedSearches,
    bidFlow,
    lotHandFlow,
    integrity,
    pickShipFlow,
    withdrawalFlow,
    claims,
    claimDecisionFlow,
    secondChanceFlow,
    conditions,
    house,
  };
}
export type Services = ReturnType<typeof createServices>;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function trusting that many
 * addresses from the socket inwards, so the client's address is the one the outermost trusted
 * proxy appended, never one the client wrote (Fastify 5 reads a bare number as trusting no one).
 */
function trustProxyOption(trust: TrustProxy) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** A call of the members' or the operators' API (`/v1/iyd/…`, `/v1/admin/…`). */
const isApiUrl = (url: string) => /^\/v1\/(iyd|admin)(\/|\?|$)/.test(url);

/** The whole HTTP application, without listening: tests drive it through `inject`. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const services = createServices(deps);
  const { clock } = services;
  const app = Fastify({
    loggerInstance: typeof deps.logger === 'object' ? deps.logger : undefined,
    logger: typeof deps.logger === 'boolean' ? deps.logger : undefined,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // `req.log` made by pino only when the request writes a line (http/request-logger.ts).
    childLoggerFactory: requestLoggerFactory,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 256 * 1024,
    // Requests still arriving on a kept-alive connection while closing are served (with
    // `Connection: close`), not refused with 503: a proxy does not retry a refused POST.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  // Tests check every response against its zod schema as well; production only writes it.
  const serializer = createSerializerCompiler({ validate: deps.config.NODE_ENV === 'test' });
  // With a bucket, answers name pictures by the CDN's address, and requests' pictures are checked on first use.
  const assets = assetUrls(services.uploads);
  app.setSerializerCompiler(assets ? assets.serializer(serializer) : serializer);
  assets?.register(app);
  registerErrorHandling(app);
  deps.reads?.register(app);
  registerMetrics(app, {
    metrics: services.metrics,
    token: deps.config.METRICS_TOKEN,
    roundTrip: () => services.notices.roundTrip(),
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('X-Server-Time', String(clock.now()));
    reply.header('X-Request-Id', req.id);
    // API answers are a member's or an operator's own (balance, orders, tokens): no cache, shared or
    // the browser's, keeps them. The apps' files and /files set their own.
    if (isApiUrl(req.url) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...services.uploads.storage.origins.images],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...services.uploads.storage.origins.uploads],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: deps.config.NODE_ENV === 'production',
  });

  // API responses gzip-compressed above 1 KiB (below, a phone saves a few hundred bytes for
  // the CPU of a compression); brotli, at its default quality, costs milliseconds per response
  // and is kept for the front ends' files, compressed once at build time. Request bodies are
  // never inflated.
  await app.register(compress, { threshold: 1024, encodings: ['gzip'], globalDecompression: false });

  const limits = deps.config.RATE_LIMITS === 'on';
  if (limits) await app.register(rateLimit, requestLimits(deps.config, services.limits));

  await app.register(swagger, {
    openapi: {
      info: {
        title: '拾古拍卖 API',
        version: '1.0.0',
        description:
          'Member API under /v1/iyd and operators API under /v1/admin. Every response is the envelope { code, msg, data }; ' +
          'calls marked "Addition" go beyond the original specification.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs' });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.addHook('onClose', async () => services.idempotency.close());
  app.addHook('onClose', async () => services.notices.close());
  app.addHook('onClose', async () => services.settings.close());
  const route = createRoute({
    auth: createAuthHooks(services, limits ? { failedAuth: failedAuthLimit(app, deps.config) } : {}),
    idempotent: createIdempotency(services.idempotency),
    // The guests' per-address count is a request limit (off for tests that stream from one address);
    // the member's and the instance's bound what the process holds, always.
    streams: createStreamLimits({
      perInstance: deps.config.streamLimit,
      perAddress: limits ? deps.config.STREAMS_PER_ADDRESS : Number.POSITIVE_INFINITY,
    }),
  });
  services.metrics.watchStreams(() => route.openStreamCount());
  // Open event streams end first, so closing the server never waits on them.
  app.addHook('preClose', async () => route.closeStreams());
  // Every route is registered from its declaration in @antique/shared (base, path, schemas, auth).
  membersRoutes(app, { route, members: services.members });
  messagesRoutes(app, { route, messages: services.messages });
  savedSearchesRoutes(app, { route, savedSearches: services.savedSearches, auctions: services.auctions });
  verificationRoutes(app, { route, captcha: services.captcha, members: services.members });
  uploadsRoutes(app, { route, uploads: services.uploads });
  contentRoutes(app, { route, content: services.content });
  articlesRoutes(app, { route, articles: services.articles });
  catalogueRoutes(app, { route, catalogue: services.catalogue });
  ordersRoutes(app, {
    route,
    orders: services.orders,
    payment: services.orderPaymentFlow,
    cancelling: services.orderCancelFlow,
  });
  addressesRoutes(app, { route, addresses: services.addresses });
  custodyRoutes(app, { route, custody: services.custody });
  claimsRoutes(app, { route, claims: services.claims });
  adminClaimsRoutes(app, { route, claims: services.claims, decision: services.claimDecisionFlow });
  offersRoutes(app, { route, auctions: services.auctions, flow: services.secondChanceFlow });
  adminOffersRoutes(app, { route, auctions: services.auctions, flow: services.secondChanceFlow });
  auctionsRoutes(app, { route, auctions: services.auctions, bids: services.bidFlow, live: services.live });
  questionsRoutes(app, { route, auctions: services.auctions });
  houseRoutes(app, { route, house: services.house });
  adminJudgeRoutes(app, { route, auctions: services.auctions, conditions: services.conditions });
  adminAuctionsRoutes(app, { route, auctions: services.auctions, listing: services.lotListingFlow });
  adminIntegrityRoutes(app, { route, hand: services.lotHandFlow, integrity: services.integrity });
  adminCustodyRoutes(app, {
    route,
    custody: services.custody,
    shipping: services.pickShipFlow,
    listing: services.lotListingFlow,
  });
  walletRoutes(app, { route, wallet: services.wallet, recharge: services.recharge });
  withdrawalsRoutes(app, { route, withdrawals: services.withdrawals, flow: services.withdrawalFlow });
  paymentsRoutes(app, { route, flow: services.rechargeFlow });
  teamRoutes(app, { route, team: services.team });
  adminOperatorsRoutes(app, { route, operators: services.operators, captcha: services.captcha });
  adminMembersRoutes(app, { route, members: services.members });
  adminCatalogueRoutes(app, { route, catalogue: services.catalogue, listing: services.productListingFlow });
  adminOrdersRoutes(app, { route, orders: services.orders, exports: services.exports });
  adminWalletRoutes(app, {
    route,
    wallet: services.wallet,
    exports: services.exports,
    reconciliation: services.reconciliation,
  });
  adminSystemRoutes(app, { route, ...services });
  adminWithdrawalsRoutes(app, {
    route,
    withdrawals: services.withdrawals,
    flow: services.withdrawalFlow,
    exports: services.exports,
  });
  adminContentRoutes(app, { route, articles: services.articles, content: services.content });
  adminDashboardRoutes(app, { route, dashboard: services.dashboard });
  adminPaymentsRoutes(app, {
    route,
    payments: services.payments,
    flow: services.rechargeFlow,
    exports: services.exports,
  });
  filesRoute(app, { uploads: services.uploads });
  registerHealth(app, { db: deps.db, notices: services.notices });

  await serveFrontEnds(app, deps);
  return { app, services };
}

/**
 * The member app at / and the console at /admin/, each falling back to its index.html.
 * Hashed assets are cached for a year; index.html is revalidated (ETag) on every visit.
 * Both are served in the brotli or gzip copy written at build time when the browser takes it.
 */
async function serveFrontEnds(app: FastifyInstance, deps: AppDeps) {
  const apps = [
    { prefix: '/admin/', dir: deps.adminDist },
    { prefix: '/', dir: deps.webDist },
  ].filter((a): a is { prefix: string; dir: string } =>
    Boolean(a.dir && fs.existsSync(path.join(a.dir, 'index.html'))),
  );
  for (const [i, a] of apps.entries()) {
    await app.register(fastifyStatic, {
      root: a.dir,
      prefix: a.prefix,
      decorateReply: i === 0,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, file) => {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  if (apps.length === 0) return;
  app.get('/admin', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/'));
  // Client-side routes of the console (history mode) get its index.html.
  const admin = apps.find((a) => a.prefix === '/admin/');
  if (admin) {
    app.get('/admin/*', { schema: { hide: true } }, (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html', admin.dir),
    );
  }
}
