/** Mainland mobile numbers: 1[3-9] and nine digits. */
export const PHONE_RE = /^1[3-9]\d{9}$/;
/** Login password: 8 to 32 characters with letters and digits both. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,32}$/;
export const TRADE_PASSWORD_RE = /^\d{6}$/;
export const SMS_CODE_RE = /^\d{6}$/;
/** Legal names: Chinese characters with an optional middle dot, or Latin letters and spaces. */
export const REAL_NAME_RE = /^(?:[\u4e00-\u9fa5]{1,15}(?:[·•][\u4e00-\u9fa5]{1,15}){0,3}|[A-Za-z][A-Za-z .]{1,39})$/;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643: 17 digits, a valid birth date and the ISO 7064 MOD 11-2 check character. */
export function isValidIdNumber(raw: string): boolean {
  const id = raw.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11] === id[17];
}

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** 张三 → 张*, 欧阳娜娜 → 欧**娜 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** 110101199003077777 → 1101**********7777 */
export function maskIdNumber(id: string): string {
  return id.length === 18 ? `${id.slice(0, 4)}**********${id.slice(14)}` : '*'.repeat(id.length);
}
