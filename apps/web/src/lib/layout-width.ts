/**
 * The widest the app's column grows, in CSS pixels: configuration, set at build time by
 * `VITE_LAYOUT_MAX_WIDTH` (the specification's "maximum width taken from configuration").
 * A wider window shows the column centred at this width, and the rem scale stops growing
 * with it, so a desktop shows a phone-sized app rather than a phone's layout blown up.
 * 480 px: wider than every phone held upright (the largest are about 430), so a phone never
 * meets the limit; at 1.28 times the 375 px design, text stays comfortable on a desk and a
 * 800 px high window shows about as much of a page as a phone does.
 */
export const DEFAULT_LAYOUT_MAX_WIDTH = 480;
const SMALLEST = 320;
const LARGEST = 960;

/** The configured width, or the default when unset or not a width between 320 and 960. */
export function layoutMaxWidth(configured: string | undefined = import.meta.env.VITE_LAYOUT_MAX_WIDTH): number {
  const value = Number(configured);
  return configured && Number.isInteger(value) && value >= SMALLEST && value <= LARGEST
    ? value
    : DEFAULT_LAYOUT_MAX_WIDTH;
}
