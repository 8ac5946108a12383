const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

function digit(n: number): string {
  return DIGITS.charAt(n);
}

function integerPart(yuan: number): string {
  const s = String(yuan);
  let out = '';
  let zeros = 0;
  let groupHasDigit = false;
  for (let i = 0; i < s.length; i++) {
    const pos = s.length - 1 - i;
    const d = Number(s.charAt(i));
    if (d === 0) {
      zeros++;
    } else {
      if (zeros > 0 && out !== '') out += '零';
      zeros = 0;
      out += digit(d) + (SMALL_UNITS[pos % 4] ?? '');
      groupHasDigit = true;
    }
    if (pos % 4 === 0) {
      if (groupHasDigit && pos > 0) out += BIG_UNITS[pos / 4] ?? '';
      groupHasDigit = false;
    }
  }
  return out;
}

/**
 * An amount in fen written out in Chinese capital numerals, as on a bank slip
 * (100050 → 壹仟元伍角), so a finance operator can read back what they typed.
 */
export function fenToChineseCapital(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new TypeError(`not a non-negative amount in fen: ${fen}`);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零元整';
  let out = yuan > 0 ? `${integerPart(yuan)}元` : '';
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${digit(jiao)}角`;
  if (cents > 0) out += `${jiao === 0 && yuan > 0 ? '零' : ''}${digit(cents)}分`;
  return out;
}
