// Import rules of one part of the project; see docs/decisions/005-ownership-and-layers.md.
//
// The console's layers, one way: app → pages → features → components → lib. A layer
// imports only the layers below it; tests (which render the whole app) and the entry
// point stand outside.

const SRC = 'apps/admin/src';
const LAYERS = ['lib', 'components', 'features', 'pages', 'app'];
const WHY = {
  lib: 'lib is the bottom layer: the request layer, formatting and storage, which know nothing of the screens',
  components: 'components are the shared pieces (DataTable, FormModal, …): they take what they show as props',
  features: 'a feature (its API calls, queries and feature widgets) serves pages; it is not built from them',
  pages: 'pages are placed by the app (router, layout, guards), not the other way round',
};

/** One relative import of a layer above, from any depth: `../../pages/x`, `../app`. */
const above = (layer) => `^(\\.\\./)+${layer}(/|$)`;

export default LAYERS.slice(0, -1).map((layer, index) => ({
  files: [`${SRC}/${layer}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: LAYERS.slice(index + 1).map((higher) => ({
          regex: above(higher),
          message: `${layer} may not import ${higher} (app → pages → features → components → lib): ${WHY[layer]}.`,
        })),
      },
    ],
  },
}));
