/** The dark modules of a QR code of `text`, as one SVG path, with its side in modules (quiet zone included). */
export interface QrPath {
  size: number;
  path: string;
}

/** Encodes the text with the QR library, loaded on first use (the invite page, a lot's poster). */
export async function qrPathOf(text: string): Promise<QrPath> {
  const { encode } = await import('uqr');
  const qr = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size: qr.size, path };
}

/** The QR code as an SVG image (dark modules on white, so any phone camera reads it). */
export function qrSvg({ size, path }: QrPath): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}

export const qrDataUrl = (qr: QrPath) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(qr))}`;

/** The QR code drawn as a PNG of `pixels` a side, for saving to the phone's album; undefined without a canvas. */
export async function qrPng(qr: QrPath, pixels = 600): Promise<string | undefined> {
  const canvas = document.createElement('canvas');
  canvas.width = pixels;
  canvas.height = pixels;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d');
  } catch {
    context = null;
  }
  if (!context) return undefined;
  const scale = pixels / qr.size;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, pixels, pixels);
  context.fillStyle = '#000';
  context.scale(scale, scale);
  context.fill(new Path2D(qr.path));
  return canvas.toDataURL('image/png');
}
