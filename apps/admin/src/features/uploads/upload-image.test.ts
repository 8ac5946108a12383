import { describe, expect, it } from 'vitest';
import { uploadRequest } from './upload-image';

const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cover.jpg', { type: 'image/jpeg' });
const base = {
  uploadUrl: '/v1/iyd/oss/upload?key=k',
  headers: {},
  fields: {},
  key: 'product/202611/k',
  url: '/files/product/202611/k',
  expiresAt: 0,
  maxBytes: 5 * 1024 * 1024,
};

describe('uploadRequest', () => {
  it('PUTs the bytes with their type to this server', () => {
    expect(uploadRequest({ ...base, method: 'PUT' }, file)).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: file,
    });
  });

  it('POSTs the signed fields and then the file to the bucket', () => {
    const fields = { key: 'incoming/product/202611/k', 'Content-Type': 'image/jpeg', Policy: 'e30=' };
    const r = uploadRequest({ ...base, method: 'POST', uploadUrl: 'https://bucket.example.com', fields }, file);
    const form = r.body as FormData;
    expect(r.method).toBe('POST');
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'file']);
    expect(form.get('Content-Type')).toBe('image/jpeg');
  });
});
