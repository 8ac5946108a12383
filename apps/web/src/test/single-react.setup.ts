import Module, { createRequire } from 'node:module';

/*
 * The workspace hoists React 18 (another package's peer) while this app uses React 19 from
 * its own node_modules. Vite's `dedupe` covers the modules it transforms; CommonJS packages
 * loaded by Node (Testing Library, rc-util, ahooks) are pointed at the app's copy here.
 */
const appRequire = createRequire(import.meta.url);
const loader = Module as unknown as {
  _resolveFilename(request: string, parent: unknown, ...rest: unknown[]): string;
};
const resolveFilename = loader._resolveFilename;

let resolvingForApp = false;

loader._resolveFilename = function resolveAppReact(request, parent, ...rest) {
  if (!resolvingForApp && /^react(-dom)?(\/|$)/.test(request)) {
    resolvingForApp = true;
    try {
      return appRequire.resolve(request);
    } finally {
      resolvingForApp = false;
    }
  }
  return resolveFilename.call(this, request, parent, ...rest);
};
