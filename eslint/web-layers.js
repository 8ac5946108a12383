// Import rules of one part of the project; see docs/decisions/005-ownership-and-layers.md.
// The member app is layered one way: app → pages → features → components → lib.

const src = 'apps/web/src';
const code = (folder) => [`${src}/${folder}/**/*.ts`, `${src}/${folder}/**/*.tsx`];

/** A relative import that reaches into one of the given top-level folders of the app. */
const into = (folders) => `^\\.\\.?/(?:.*/)?(?:${folders.join('|')})(?:/|$)`;

// Above lib/, the API is called through its shared declaration only, never by a path.
const transport = {
  regex: '^\\.\\.?/(?:.*/)?lib/request$',
  importNames: ['request'],
  message: 'Call the API through its declaration in @antique/shared: call(ordersApi.info, { id }), not a path.',
};

const layer = (folder, forbidden, message) => ({
  files: code(folder),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...(forbidden.length > 0 ? [{ regex: into(forbidden), message }] : []),
          ...(folder === 'lib' ? [] : [transport]),
        ],
      },
    ],
  },
});

export default [
  layer('app', [], ''),
  layer(
    'lib',
    ['components', 'features', 'pages', 'app'],
    'lib/ is the bottom layer (app → pages → features → components → lib): it imports no component, feature, page or app module.',
  ),
  layer(
    'components',
    ['features', 'pages', 'app'],
    'components/ are shared pieces (app → pages → features → components → lib): they import no feature, page or app module; pass the call in as a prop or move the piece into its feature.',
  ),
  layer(
    'features',
    ['pages', 'app'],
    'features/ sit below pages (app → pages → features → components → lib): a feature imports no page or app module; route paths and navigation live in lib/.',
  ),
  layer(
    'pages',
    ['app'],
    'pages/ sit below the app shell (app → pages → features → components → lib): a page imports nothing from app/; route paths, navigation and the query client live in lib/.',
  ),
  {
    files: [`${src}/**/*.ts`, `${src}/**/*.tsx`],
    ignores: [`${src}/lib/route-paths.ts`, `${src}/**/*.test.ts`, `${src}/**/*.test.tsx`, `${src}/test/**`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\x2Fpages\\x2F/]',
          message:
            "Route paths are written once, in lib/route-paths.ts: use routePaths or pagePath() instead of a '/pages/…' string.",
        },
        {
          selector: 'TemplateElement[value.raw=/^\\x2Fpages\\x2F/]',
          message:
            "Route paths are written once, in lib/route-paths.ts: use routePaths or pagePath() instead of a '/pages/…' string.",
        },
      ],
    },
  },
];
