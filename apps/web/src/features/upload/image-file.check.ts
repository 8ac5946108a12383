import { MAX_UPLOAD_BYTES } from '@antique/shared';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** For the file chooser: what it offers; the check below is what counts. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export type ImageFileProblem = 'UPLOAD_INVALID' | 'UPLOAD_TOO_LARGE';

/** Checked before asking for an upload ticket; the server checks the content again. */
export function checkImageFile(file: File, maxBytes = MAX_UPLOAD_BYTES): ImageFileProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'UPLOAD_INVALID';
  if (file.size > maxBytes) return 'UPLOAD_TOO_LARGE';
  if (file.size === 0) return 'UPLOAD_INVALID';
  return null;
}
