import { MAX_UPLOAD_BYTES } from '@antique/shared';
import { describe, expect, it } from 'vitest';
import { checkImageFile } from './image-file.check';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'photo', { type });

describe('checkImageFile', () => {
  it('accepts JPEG, PNG and WebP up to 5 MiB', () => {
    expect(checkImageFile(file('image/jpeg', 10))).toBeNull();
    expect(checkImageFile(file('image/png', MAX_UPLOAD_BYTES))).toBeNull();
    expect(checkImageFile(file('image/webp', 10))).toBeNull();
  });

  it('refuses other types, empty files and anything over 5 MiB', () => {
    expect(checkImageFile(file('image/gif', 10))).toBe('UPLOAD_INVALID');
    expect(checkImageFile(file('application/pdf', 10))).toBe('UPLOAD_INVALID');
    expect(checkImageFile(file('image/png', 0))).toBe('UPLOAD_INVALID');
    expect(checkImageFile(file('image/jpeg', MAX_UPLOAD_BYTES + 1))).toBe('UPLOAD_TOO_LARGE');
  });
});
