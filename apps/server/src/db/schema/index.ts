export * from './members.js';
export * from './wallet.js';
export * from './operators.js';
export * from './system.js';
export * from './mall.js';
