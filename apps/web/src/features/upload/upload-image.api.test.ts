import { describe, expect, it } from 'vitest';
import type { OssOutput } from '@antique/shared';
import { uploadRequest } from './upload-image.api';

const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
const ticket = (t: Partial<OssOutput>): OssOutput => ({
  uploadUrl: '/v1/iyd/oss/upload?key=k',
  method: 'PUT',
  headers: {},
  fields: {},
  key: 'avatar/202611/k',
  url: '/files/avatar/202611/k',
  expiresAt: 0,
  maxBytes: 5 * 1024 * 1024,
  ...t,
});

describe('uploadRequest', () => {
  it('PUTs the bytes with their type to this server', () => {
    const r = uploadRequest(ticket({}), file);
    expect(r).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: file });
  });

  it('POSTs a form to the bucket: the signed fields, the type when the policy leaves it to the client, the file last', () => {
    const fields = { key: 'incoming/avatar/202611/k', Policy: 'e30=', 'X-Amz-Signature': 'ab' };
    const r = uploadRequest(ticket({ method: 'POST', uploadUrl: 'https://bucket.example.com', fields }), file);
    expect(r.method).toBe('POST');
    const form = r.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'Content-Type', 'file']);
    expect(form.get('Content-Type')).toBe('image/png');
    expect((form.get('file') as File).name).toBe('a.png');
    // The multipart boundary is the browser's to set: no Content-Type header of ours.
    expect(r.headers).toEqual({});
    const named = uploadRequest(ticket({ method: 'POST', fields: { ...fields, 'Content-Type': 'image/png' } }), file);
    expect([...(named.body as FormData).keys()].filter((k) => k === 'Content-Type')).toHaveLength(1);
  });
});
