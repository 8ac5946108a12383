import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { namedEndpoints } from './endpoints.js';
import { renderRoutes } from './routes.codegen.js';
import * as routes from './routes.generated.js';

const file = fileURLToPath(new URL('./routes.generated.ts', import.meta.url));

describe('routes.generated.ts', () => {
  it('is what the declarations generate (else: npm run routes -w @antique/shared)', async () => {
    const expected = await prettier.format(renderRoutes(namedEndpoints), {
      ...(await prettier.resolveConfig(file)),
      filepath: file,
    });
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });

  it('gives every declared endpoint its method, base, path and flags, and no schema', () => {
    const byFeature = routes as unknown as Record<string, Record<string, Record<string, unknown>>>;
    for (const { name, feature, endpoint } of namedEndpoints) {
      const route = byFeature[`${feature}Api`]?.[name.slice(feature.length + 1)];
      expect(route, name).toMatchObject({ method: endpoint.method, base: endpoint.base, path: endpoint.path });
      expect(route?.idempotent ?? false, name).toBe(endpoint.idempotent ?? false);
      expect(route?.file ?? false, name).toBe(endpoint.file ?? false);
      expect(route && ('input' in route || 'output' in route), name).toBe(false);
    }
  });

  it('imports zod and the schemas as types only', () => {
    const source = readFileSync(file, 'utf8');
    const runtimeImports = source.split('\n').filter((line) => /^import (?!type )/.test(line));
    expect(runtimeImports).toEqual([]);
    expect(source).not.toMatch(/from 'zod'/);
  });
});
