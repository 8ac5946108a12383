// Kept only for scripts/bench-catalogue.mjs, which imports it from dist; the search grams live in catalogue/.
export { searchGramsOf } from '../catalogue/search-grams.js';
