// One file per owning module; only that module's repository queries its tables.
export * from './members.js';
export * from './verification.js';
export * from './uploads.js';
export * from './wallet.js';
export * from './catalogue.js';
export * from './orders.js';
export * from './custody.js';
export * from './addresses.js';
export * from './content.js';
export * from './settings.js';
export * from './audit.js';
export * from './operators.js';
export * from './idempotency.js';
export * from './auctions.js';
export * from './withdrawals.js';
export * from './payments.js';
