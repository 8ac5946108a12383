/**
 * RFC 4180 CSV with a UTF-8 BOM so spreadsheet programs read Chinese right. Text that a
 * spreadsheet would run as a formula (=, +, -, @ first; plain numbers aside) is prefixed
 * with a quote.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null) => {
    if (v === null) return '';
    if (typeof v === 'number') return String(v);
    const safe = /^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Fen as yuan with two decimals, for people and spreadsheets. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);
