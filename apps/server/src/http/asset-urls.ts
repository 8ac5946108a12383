import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { DomainError, fail } from '../lib/domain-error.js';
import { isPrivateKey, type UploadsService } from '../modules/uploads/uploads.service.js';

/**
 * Pictures with a bucket (STORAGE=s3). The house keeps `/files/<key>` in its rows whatever
 * the storage (so moving a house's files to a bucket changes no row); here, at the edge:
 * - answers carry the CDN's address (`PUBLIC_ASSET_URL/public/<key>`, else the bucket's) for
 *   every public picture, in fields and in rich text alike;
 * - requests may send those addresses back (a form saving what it showed): they are read as
 *   `/files/<key>` again before validation;
 * - a key a member or an operator names for the first time is checked then (type by its
 *   bytes, size, dimensions; uploads.settle): a bad, oversized or never-uploaded file is
 *   refused with its reason and the field, and the request changes nothing. (Reading the
 *   ticket's /files link, as a form's preview does, is a first use too: uploads.open.)
 * With disk storage none of this is registered: /files is this server's own.
 */

const KEY = String.raw`[a-z]+\/\d{6}\/[A-Za-z0-9_-]{22}`;
/** `/files/<key>` at the start of a JSON string or of an attribute inside one (`src=\"…`), unsigned. */
const FILE_IN_JSON = new RegExp(String.raw`(?<=")\/files\/(${KEY})(?=\\?")`, 'g');
const FILE_IN_TEXT = new RegExp(String.raw`\/files\/(${KEY})`, 'g');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Keys already checked and stored (they stay so): no database read for them again. */
const SETTLED_CAP = 20_000;

export function assetUrls(uploads: UploadsService) {
  const storage = uploads.storage;
  if (storage.kind !== 's3') return undefined;
  const publicPrefix = `${storage.publicBase}/public/`;
  const fromCdn = new RegExp(escapeRe(publicPrefix) + `(${KEY})`, 'g');
  const settled = new Set<string>();

  /** The JSON text of an answer with each public `/files/<key>` as the CDN's address. */
  const rewrite = (json: string) =>
    json.includes('/files/')
      ? json.replace(FILE_IN_JSON, (whole, key: string) => (isPrivateKey(key) ? whole : publicPrefix + key))
      : json;

  /** A request's strings with CDN addresses read back as /files/<key>; the keys named, by field. */
  function readBack(value: unknown, at: string, keys: Map<string, string>): unknown {
    if (typeof value === 'string') {
      const local = value.includes(publicPrefix) ? value.replace(fromCdn, '/files/$1') : value;
      if (local.includes('/files/'))
        for (const m of local.matchAll(FILE_IN_TEXT)) if (!keys.has(m[1]!)) keys.set(m[1]!, at);
      return local;
    }
    if (Array.isArray(value)) return value.map((v, i) => readBack(v, `${at}.${i}`, keys));
    if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, readBack(v, at ? `${at}.${k}` : k, keys)]));
    }
    return value;
  }

  return {
    rewrite,

    /**
     * Fastify's response writer, then the addresses rewritten (before compression and sending).
     * An upload ticket keeps its `/files/<key>` link: the picture is not checked yet, and that
     * link checks it when first read (a preview), then leads to the CDN.
     */
    serializer(inner: FastifySerializerCompiler<z.ZodType>): FastifySerializerCompiler<z.ZodType> {
      return (route) => {
        const write = inner(route);
        if (/\/oss$/.test(route.url)) return write;
        return (data) => rewrite(write(data));
      };
    },

    register(app: FastifyInstance) {
      app.addHook('preValidation', async (req) => {
        // Only members and operators save pictures; a guest's request names none that matter.
        if (req.memberId === undefined && !req.operator) return;
        const keys = new Map<string, string>();
        if (req.body !== undefined) req.body = readBack(req.body, '', keys);
        if (req.query && typeof req.query === 'object') req.query = readBack(req.query, '', keys);
        const unseen = [...keys].filter(([key]) => !settled.has(key));
        // Every check ends before the answer (a good picture beside a bad one is still settled once).
        const results = await Promise.allSettled(unseen.map(([key]) => uploads.settle(key)));
        results.forEach((r, i) => {
          if (r.status !== 'fulfilled') return;
          if (settled.size >= SETTLED_CAP) settled.clear();
          settled.add(unseen[i]![0]);
        });
        const i = results.findIndex((r) => r.status === 'rejected');
        if (i < 0) return;
        const e = (results[i] as PromiseRejectedResult).reason as unknown;
        // The first bad picture in the request's order, named by its field (`images.1`).
        if (e instanceof DomainError) throw fail(e.reason, { ...e.extra, field: unseen[i]![1] });
        throw e;
      });
    },
  };
}
export type AssetUrls = NonNullable<ReturnType<typeof assetUrls>>;
