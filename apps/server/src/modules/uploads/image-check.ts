import { MAX_UPLOAD_BYTES } from '@antique/shared';
import { detectImageType } from './image-type.js';

/** A picture's longest side and area: beyond them a phone decoding it runs out of memory (a "pixel bomb"). */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

type ImageMime = NonNullable<ReturnType<typeof detectImageType>>;
export type ImageCheck =
  | { ok: true; mime: ImageMime; width: number; height: number; bytes: number }
  | { ok: false; reason: 'UPLOAD_INVALID' | 'UPLOAD_TOO_LARGE' | 'UPLOAD_DIMENSIONS' };

function pngSize(buf: Buffer) {
  if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** The frame header (SOFn) gives the size; APPn segments (EXIF, thumbnails) before it are skipped by their length. */
function jpegSize(buf: Buffer) {
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return undefined;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // markers without a length: TEM, RSTn, SOI
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan before any frame header
    const length = buf.readUInt16BE(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 > buf.length) return undefined;
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}

function webpSize(buf: Buffer) {
  if (buf.length < 30) return undefined;
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // key frame: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return undefined;
    return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return undefined;
    const bits = buf.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}

/**
 * What the house takes as a picture, judged by the bytes alone: a JPEG, PNG or WebP (by its
 * first bytes, never its name or claimed type), at most 5 MiB, whose header gives a size of
 * at least 1×1 and at most MAX_IMAGE_SIDE a side and MAX_IMAGE_PIXELS in all.
 */
export function checkImage(buf: Buffer): ImageCheck {
  if (buf.length > MAX_UPLOAD_BYTES) return { ok: false, reason: 'UPLOAD_TOO_LARGE' };
  const mime = detectImageType(buf);
  if (!mime) return { ok: false, reason: 'UPLOAD_INVALID' };
  const size = mime === 'image/png' ? pngSize(buf) : mime === 'image/jpeg' ? jpegSize(buf) : webpSize(buf);
  if (!size) return { ok: false, reason: 'UPLOAD_INVALID' };
  const { width, height } = size;
  if (
    width < 1 ||
    height < 1 ||
    width > MAX_IMAGE_SIDE ||
    height > MAX_IMAGE_SIDE ||
    width * height > MAX_IMAGE_PIXELS
  ) {
    return { ok: false, reason: 'UPLOAD_DIMENSIONS' };
  }
  return { ok: true, mime, width, height, bytes: buf.length };
}
