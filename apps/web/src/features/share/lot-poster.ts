import { qrPathOf } from '../../lib/qr-code';

/** The QR code of `text` as its dark modules (quiet zone included), ready to fill on a canvas. */
async function qrOf(text: string): Promise<{ size: number; path: Path2D }> {
  const qr = await qrPathOf(text);
  return { size: qr.size, path: new Path2D(qr.path) };
}

/** What a lot's poster shows, already worded in the member's language. */
export interface PosterContent {
  cover: string;
  title: string;
  priceLabel: string;
  price: string;
  /** "截拍 11月28日 20:00" or "开拍 …". */
  timeLine: string;
  house: string;
  scanHint: string;
  url: string;
}

/** The poster's size in canvas pixels (twice a 375-wide phone's points, so it is sharp when saved). */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1160;

const GOLD = '#c9a063';
const GOLD_LIGHT = '#e8cb94';
const TEXT = '#ece6da';
const TEXT_SECONDARY = '#a39d92';
const SERIF = "'Noto Serif SC', 'Source Han Serif SC', 'Songti SC', 'STSong', serif";
const SANS = "-apple-system, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

/** The lot's picture, or undefined when it cannot be read (the poster then goes without it). */
function loadImage(src: string): Promise<HTMLImageElement | undefined> {
  return new Promise((resolve) => {
    const image = new Image();
    // Same-origin files; the flag keeps the canvas exportable should pictures come from a CDN.
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(undefined);
    image.src = src;
  });
}

/** Breaks text into at most `maxLines` lines of `width`, the last one ending in … when cut. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of Array.from(text)) {
    if (context.measureText(line + char).width > width && line) {
      lines.push(line);
      line = char;
      if (lines.length === maxLines) break;
    } else line += char;
  }
  if (lines.length < maxLines && line) lines.push(line);
  else if (lines.length === maxLines && line && lines.join('').length < Array.from(text).length) {
    let last = lines[maxLines - 1]!;
    while (last && context.measureText(`${last}…`).width > width) last = last.slice(0, -1);
    lines[maxLines - 1] = `${last}…`;
  }
  return lines;
}

/** Draws the picture to fill the square, cropped from its centre. */
function drawCover(context: CanvasRenderingContext2D, image: HTMLImageElement, x: number, y: number, side: number) {
  const scale = Math.max(side / image.naturalWidth, side / image.naturalHeight);
  const w = side / scale;
  const h = side / scale;
  context.drawImage(image, (image.naturalWidth - w) / 2, (image.naturalHeight - h) / 2, w, h, x, y, side, side);
}

/**
 * The lot's poster as a PNG data URL: picture, title, price, time, the house's name and a QR
 * code of the lot's link. Undefined where the browser has no canvas.
 */
export async function drawLotPoster(content: PosterContent): Promise<string | undefined> {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d');
  } catch {
    context = null;
  }
  if (!context) return undefined;
  const [image, qr] = await Promise.all([loadImage(content.cover), qrOf(content.url)]);

  const pad = 40;
  const side = POSTER_WIDTH - pad * 2;
  context.fillStyle = '#141312';
  context.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  context.strokeStyle = GOLD;
  context.lineWidth = 2;
  context.strokeRect(16, 16, POSTER_WIDTH - 32, POSTER_HEIGHT - 32);

  context.fillStyle = '#1c1a18';
  context.fillRect(pad, pad, side, side);
  if (image) drawCover(context, image, pad, pad, side);

  let y = pad + side + 60;
  context.textBaseline = 'alphabetic';
  context.fillStyle = TEXT;
  context.font = `600 40px ${SERIF}`;
  for (const line of wrap(context, content.title, side, 2)) {
    context.fillText(line, pad, y);
    y += 52;
  }

  y += 14;
  context.fillStyle = TEXT_SECONDARY;
  context.font = `26px ${SANS}`;
  context.fillText(content.priceLabel, pad, y);
  const labelWidth = context.measureText(content.priceLabel).width;
  context.fillStyle = GOLD_LIGHT;
  context.font = `700 44px ${SANS}`;
  context.fillText(content.price, pad + labelWidth + 16, y + 2);

  y += 50;
  context.fillStyle = TEXT_SECONDARY;
  context.font = `26px ${SANS}`;
  context.fillText(content.timeLine, pad, y);

  // The foot: the house on the left, the QR code on the right.
  const qrSide = 180;
  const qrX = POSTER_WIDTH - pad - qrSide;
  const qrY = POSTER_HEIGHT - pad - qrSide - 10;
  context.fillStyle = '#fff';
  context.fillRect(qrX - 8, qrY - 8, qrSide + 16, qrSide + 16);
  context.save();
  context.translate(qrX, qrY);
  context.scale(qrSide / qr.size, qrSide / qr.size);
  context.fillStyle = '#000';
  context.fill(qr.path);
  context.restore();

  context.fillStyle = GOLD;
  context.font = `600 36px ${SERIF}`;
  context.fillText(content.house, pad, qrY + 70);
  context.fillStyle = TEXT_SECONDARY;
  context.font = `24px ${SANS}`;
  for (const [i, line] of wrap(context, content.scanHint, qrX - pad - 40, 2).entries())
    context.fillText(line, pad, qrY + 120 + i * 34);

  try {
    return canvas.toDataURL('image/png');
  } catch {
    // A picture from elsewhere without CORS taints the canvas: draw it again without the picture.
    return image ? drawLotPoster({ ...content, cover: '' }) : undefined;
  }
}
