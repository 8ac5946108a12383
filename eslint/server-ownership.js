// Import rules of one part of the project; see docs/decisions/005-ownership-and-layers.md.
// The server: every table has one owning module, and only that module's repository
// (modules/<feature>/<feature>.repository.ts) queries it. Everything else goes through
// services: a module calls another module's service, never its repository or its tables,
// and a route handler makes a service call, never a query or a transaction.

const src = 'apps/server/src';

const schema = {
  regex: '^\\.{1,2}/(?:.*/)?schema(?:/.*)?$',
  message:
    "Only a module's repository (modules/<feature>/<feature>.repository.ts) queries tables: call the owning module's service instead.",
};

const queries = {
  regex: '^drizzle-orm(?:/.*)?$',
  message: "Queries belong in the owning module's repository; services, routes and jobs call services.",
};

const otherRepository = {
  regex: '^\\.\\./(?:.*/)?[\\w-]+\\.repository(?:\\.js)?$',
  message: "A module calls another module's service, never its repository.",
};

const anyRepository = {
  regex: '(?:^|/)[\\w-]+\\.repository(?:\\.js)?$',
  message: "Routes, http and jobs call services; only a module's own service uses its repository.",
};

const database = {
  regex: '^\\.{1,2}/(?:.*/)?db/client(?:\\.js)?$',
  message: 'A route handler makes one service call; the service opens any transaction.',
};

const httpLayer = {
  regex: '^(?:\\.{1,2}/)+(?:.*/)?http/',
  message:
    'http/ sits above the modules: services, repositories, lib, jobs and the seed throw `fail(reason)` from lib/domain-error.ts and never import http/.',
};

const flows = {
  regex: '^(?:\\.{1,2}/)+(?:.*/)?flows/',
  message:
    'No owner imports a flow: a flow calls the owners in one transaction (decision 009); routes and jobs call the flow.',
};

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// The database folder itself (client, schema, the session-table queries each owner's repository
// instantiates for its own table, the array parameters repositories write batches with, the
// runner of their busiest reads, its own tests; migrations are SQL) and the test harness may use
// the schema.
const free = [
  `${src}/db/client.ts`,
  `${src}/db/session-rows.ts`,
  `${src}/db/array-columns.ts`,
  `${src}/db/prepared-read.ts`,
  `${src}/db/schema/**`,
  `${src}/db/*.test.ts`,
  `${src}/test/**`,
];
const routes = [`${src}/**/*.routes.ts`];
// Above the modules: the HTTP layer itself, the app that wires it, the entry point and tests.
const aboveModules = [`${src}/http/**`, `${src}/app.ts`, `${src}/main.ts`, `${src}/**/*.test.ts`];

export default [
  {
    files: [`${src}/modules/**/*.ts`],
    ignores: [`${src}/modules/**/*.repository.ts`, ...routes],
    rules: restrict([schema, queries, otherRepository, httpLayer, flows]),
  },
  {
    files: [`${src}/modules/**/*.test.ts`],
    rules: restrict([schema, queries, otherRepository]),
  },
  {
    files: [`${src}/modules/**/*.repository.ts`],
    rules: restrict([otherRepository, httpLayer, flows]),
  },
  {
    files: [`${src}/**/*.ts`],
    ignores: [`${src}/modules/**`, ...routes, ...free, ...aboveModules],
    rules: restrict([schema, queries, anyRepository, httpLayer]),
  },
  {
    files: aboveModules,
    ignores: [`${src}/modules/**`, ...routes, ...free],
    rules: restrict([schema, queries, anyRepository]),
  },
  {
    files: routes,
    rules: restrict([schema, queries, anyRepository, database]),
  },
];
