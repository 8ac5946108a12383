// Writes src/routes.generated.ts from the endpoint declarations: the routes the front ends
// call through, without zod. A test fails while the file is out of date.
//   npm run routes -w @antique/shared
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(dir, '../..');
const file = path.join(dir, 'src/routes.generated.ts');

const tsc = (stdio) => execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', dir], { stdio });
// A stale generated module may not type-check against changed declarations; tsc still
// emits the declarations this script reads, and the second run below checks the new file.
try {
  tsc('ignore');
} catch {
  // Reported by the second run if it persists.
}
const load = (name) => import(pathToFileURL(path.join(dir, 'dist', name)).href);
const { namedEndpoints } = await load('endpoints.js');
const { renderRoutes } = await load('routes.codegen.js');

const options = { ...(await prettier.resolveConfig(file)), filepath: file };
// Written whole and renamed into place: the front ends' dev servers may be reading it.
const temporary = `${file}.${process.pid}.tmp`;
fs.writeFileSync(temporary, await prettier.format(renderRoutes(namedEndpoints), options));
fs.renameSync(temporary, file);
tsc('inherit');
console.log(`${path.relative(root, file)}: ${namedEndpoints.length} routes`);
