import { Input, type InputProps } from 'antd';
import { formatFen, parseYuan } from '@antique/shared';

/** A text field for an amount in yuan; the form checks it with its schema (schemaRules, `yuan`). */
export function YuanInput(props: Omit<InputProps, 'prefix' | 'inputMode'>) {
  // Room for the largest amount any schema takes, with its separators: 1,000,000,000.00.
  return <Input maxLength={20} {...props} prefix="¥" inputMode="decimal" autoComplete="off" />;
}

/** Yuan as typed, already checked by the form's rules, as fen; throws on text they would have refused. */
export function yuanToFen(text: string): number {
  const fen = parseYuan(text);
  if (fen === null) throw new Error(`not an amount: ${text}`);
  return fen;
}

/** Fen as the yuan an operator would type back in: 123450 → "1234.50". */
export function fenToYuanText(fen: number): string {
  return formatFen(fen, '').replace(/,/g, '');
}
