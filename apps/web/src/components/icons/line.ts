// The app's own icons are drawn as lines on a 24-unit square, in the text's colour and size:
// a line or two each, where the icon package's detailed outlines weigh 1–8 kB apiece.

export interface IconProps {
  className?: string;
}

/** The `<svg>` attributes every line icon shares. */
export const line = {
  width: '1em',
  height: '1em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  // Beside text, on its line as the icon package's sit.
  style: { verticalAlign: '-0.125em' },
} as const;
