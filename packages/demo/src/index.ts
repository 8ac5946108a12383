export * from './artwork.js';
export * from './catalogue.data.js';
export * from './members.data.js';
export * from './pictures.js';
export * from './load-demo.js';
export * from './auctions.data.js';
export * from './demo-auctions.js';
