// Import rules of one part of the project; see docs/decisions/005-ownership-and-layers.md.
// The member app is layered one way: app → pages → features → components → lib, and its
// features stand side by side: none imports another.

import { readdirSync } from 'node:fs';

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

const layerPatterns = (folder, forbidden, message) => [
  ...(forbidden.length > 0 ? [{ regex: into(forbidden), message }] : []),
  ...(folder === 'lib' ? [] : [transport]),
];

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const layer = (folder, forbidden, message) => ({
  files: code(folder),
  rules: restrict(layerPatterns(folder, forbidden, message)),
});

const featuresForbidden = ['pages', 'app'];
const featuresMessage =
  'features/ sit below pages (app → pages → features → components → lib): a feature imports no page or app module; route paths and navigation live in lib/.';

/**
 * Every folder of every feature, with the feature it belongs to and how deep it lies in it:
 * read from disk at each run, so that a feature added later is held to the rule at once.
 */
function featureFolders() {
  const root = new URL(`../${src}/features/`, import.meta.url);
  const folders = [];
  const walk = (feature, relative, depth) => {
    folders.push({ feature, folder: relative, depth });
    for (const entry of readdirSync(new URL(`${relative}/`, root), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(feature, `${relative}/${entry.name}`, depth + 1);
    }
  };
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) walk(entry.name, entry.name, 0);
  }
  return folders;
}

/**
 * A feature reaching into another one: `../cart/cart.store` from features/mall/, or
 * `../../features/cart/…`, from any depth inside the feature.
 */
const otherFeature = (feature, depth) => {
  const up = (count) => `(?:\\.\\./){${count}}`;
  const other = `(?!${feature}(?:/|$))[^./][^/]*(?:/|$)`;
  return {
    regex: `^(?:${up(depth + 1)}${other}|${up(depth + 2)}features/${other})`,
    message: `features/ stand side by side: ${feature} imports no other feature. Move what both need down to components/ or lib/, or compose the two in the page.`,
  };
};

// Tests may set a scene with another feature (sign out, fill the cart); the code they test may not.
const tests = [`${src}/**/*.test.ts`, `${src}/**/*.test.tsx`];
const sideBySide = featureFolders().map(({ feature, folder, depth }) => ({
  files: [`${src}/features/${folder}/*.ts`, `${src}/features/${folder}/*.tsx`],
  ignores: tests,
  rules: restrict([...layerPatterns('features', featuresForbidden, featuresMessage), otherFeature(feature, depth)]),
}));

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
  layer('features', featuresForbidden, featuresMessage),
  // After the layer's own block: for the same files, the later rule's patterns are the ones that apply.
  ...sideBySide,
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
