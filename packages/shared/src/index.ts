export * from './codes.js';
export * from './envelope.js';
export * from './money.js';
export * from './identity.js';
export * from './accounts.schema.js';
export * from './wallet.schema.js';
export * from './admin.schema.js';
export * from './settings.schema.js';
