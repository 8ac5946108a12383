import { Input, type InputProps } from 'antd';
import { formatFen, parseYuan } from '@antique/shared';

export interface YuanParse {
  fen: number | null;
  error: string | null;
}

/** What the operator typed in yuan ("1,000.50") as fen, or why it is not an amount. */
export function parseYuanInput(text: string, maxFen: number): YuanParse {
  if (text.trim() === '') return { fen: null, error: '请输入金额' };
  const fen = parseYuan(text);
  if (fen === null) return { fen: null, error: '金额格式不正确：请输入数字，最多两位小数' };
  if (fen <= 0) return { fen: null, error: '金额必须大于 0' };
  if (fen > maxFen) return { fen: null, error: `单笔不能超过 ${formatFen(maxFen)}` };
  return { fen, error: null };
}

/** A text field for an amount in yuan; the caller converts with parseYuanInput. */
export function YuanInput(props: Omit<InputProps, 'prefix' | 'inputMode'>) {
  return <Input {...props} prefix="¥" inputMode="decimal" autoComplete="off" />;
}

/** Fen as the yuan an operator would type back in: 123450 → "1234.50". */
export function fenToYuanText(fen: number): string {
  return formatFen(fen, '').replace(/,/g, '');
}
