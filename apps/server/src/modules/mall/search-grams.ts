// Kept for db/seed/seed.ts until the demo loads through the catalogue service; the search grams live in catalogue.
export { searchGramsOf } from '../catalogue/search-grams.js';
