/** Money is integer fen everywhere; this only formats it for people. */
export function formatFen(fen: number, symbol = '¥'): string {
  if (!Number.isSafeInteger(fen)) throw new TypeError(`not an amount in fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${sign}${symbol}${yuan}.${cents}`;
}

/** Parses a yuan amount typed by a person ("12.5", "1,000") into fen, or null. */
export function parseYuan(text: string): number | null {
  const clean = text.replace(/,/g, '').trim();
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Fen as a person types yuan back into a field (parseYuan's inverse), without grouping: 1200 or 1200.5. */
export function yuanForInput(fen: number): string {
  const yuan = Math.floor(fen / 100);
  const cents = fen % 100;
  if (cents === 0) return String(yuan);
  return `${yuan}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}
