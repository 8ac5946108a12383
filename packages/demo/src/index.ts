export * from './artwork.js';
export * from './catalogue.data.js';
export * from './members.data.js';
export * from './pictures.js';
export * from './load-demo.js';
