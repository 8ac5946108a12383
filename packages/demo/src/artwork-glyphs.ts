/**
 * Writing on the pieces (reign marks, coin legends, inscriptions) as outlines: path data
 * from the table that scripts/glyph-outlines.mjs derives from a font once, so a picture
 * never depends on the fonts of the machine that renders it.
 */
import { glyphOutlines } from './artwork-glyphs.data.js';

/** One character set on a picture: its em box centred on x, y. */
export interface GlyphPlacement {
  ch: string;
  x: number;
  y: number;
  /** The em size in pixels. */
  size: number;
  /** Degrees, clockwise, about the character's centre. */
  rotate?: number;
  /** Vertical stretch (seal-script marks are set taller than wide). */
  scaleY?: number;
}

type Command = { op: 'M' | 'L' | 'Q' | 'C' | 'Z'; xy: number[] };

const parsed = new Map<string, Command[]>();

/** The table's path data (absolute M, L, Q, C and Z) as commands. */
function commandsOf(ch: string): Command[] {
  const known = parsed.get(ch);
  if (known) return known;
  const d = glyphOutlines[ch];
  if (d === undefined) {
    const code = ch.codePointAt(0)?.toString(16).toUpperCase() ?? '';
    throw new Error(
      `no outline for 「${ch}」 (U+${code}): run node packages/demo/scripts/glyph-outlines.mjs to add it to the table`,
    );
  }
  const commands: Command[] = [];
  for (const [, op, args] of d.matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
    const xy = (args!.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
    commands.push({ op: op as Command['op'], xy });
  }
  parsed.set(ch, commands);
  return commands;
}

/** Whether the table has an outline for the character. */
export function hasGlyph(ch: string): boolean {
  return glyphOutlines[ch] !== undefined;
}

const f = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/**
 * Path data of one character drawn through `map`, which takes a point of the character's
 * em box (x right, y down, each from -0.5 to 0.5) to the picture: a character lying on a
 * face seen at an angle. The map should be affine (straight lines stay straight).
 */
export function glyphMapped(ch: string, map: (x: number, y: number) => readonly [number, number]): string {
  if (ch.trim() === '') return '';
  let out = '';
  for (const c of commandsOf(ch)) {
    if (c.op === 'Z') {
      out += 'Z';
      continue;
    }
    const pts: string[] = [];
    for (let i = 0; i + 1 < c.xy.length; i += 2) {
      const [x, y] = map(c.xy[i]! / 1000, c.xy[i + 1]! / 1000);
      pts.push(`${f(x)} ${f(y)}`);
    }
    out += c.op + pts.join(' ');
  }
  return out;
}

/**
 * Path data for characters placed on a picture, as one outline (fill it; stroke it too to
 * make the strokes bolder). Spaces and empty strings leave nothing; a character missing
 * from the table throws rather than drawing a box.
 */
export function glyphPath(placements: readonly GlyphPlacement[]): string {
  return placements
    .map((p) => {
      const a = ((p.rotate ?? 0) * Math.PI) / 180;
      const cos = Math.cos(a);
      const sin = Math.sin(a);
      const sy = p.scaleY ?? 1;
      // scale, then turn about the centre, then move the centre to x, y
      return glyphMapped(p.ch, (gx, gy) => {
        const ux = gx * p.size;
        const uy = gy * p.size * sy;
        return [p.x + ux * cos - uy * sin, p.y + ux * sin + uy * cos];
      });
    })
    .join('');
}
