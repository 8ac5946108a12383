import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

// Keywords that only validate; the writer needs the shapes and types.
const VALIDATION_ONLY = new Set([
  '$schema',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'propertyNames',
]);

// Keywords whose keys are names, not keywords.
const NAMED = new Set(['properties', 'definitions', '$defs']);

/**
 * The JSON schema fast-json-stringify compiles: without validation keywords, and with
 * tuples (`items` as a list, which it cannot write when an element is a union) left to
 * JSON.stringify as an any-schema.
 */
function forWriter(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriter);
  if (!node || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  if (Array.isArray(schema.items)) return {};
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => !VALIDATION_ONLY.has(k))
      .map(([k, v]) => [k, NAMED.has(k) ? mapValues(v as JsonSchema) : forWriter(v)]),
  );
}

const mapValues = (properties: JsonSchema) =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, forWriter(v)]));

/**
 * Responses are written by fast-json-stringify, compiled once per route from the JSON
 * schema of the declared zod output: only the declared fields, in one pass, without a
 * parsed copy. With `validate` (the tests) every response is also checked against the zod
 * schema and must say what zod + JSON.stringify would (the writer may order keys differently), so a service
 * that breaks the contract, or a schema the writer reads differently, fails there.
 */
export function createSerializerCompiler({ validate }: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    const write = fastJson(forWriter(json) as Parameters<typeof fastJson>[0]);
    if (!validate) return (data) => write(data);
    return (data) => {
      const checked = z.safeEncode(schema, data as never);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const written = write(data);
      const expected = JSON.stringify(checked.data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: the response writer and zod disagree:\n${written}\n${expected}`);
      }
      return written;
    };
  };
}
