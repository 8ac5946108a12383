import type { Rule } from 'antd/es/form';
import { parseYuanInput } from '../../components/yuan-input';

/** The contract's ceiling for a lot's prices (auctions.schema.ts): 1,000,000,000 yuan. */
export const MAX_LOT_PRICE_FEN = 100_000_000_000;

/** Why a typed price is not one a lot takes, named after the field; null when it is. */
export function lotPriceProblem(text: string | undefined, what: string): string | null {
  const { error } = parseYuanInput(text ?? '', MAX_LOT_PRICE_FEN);
  if (error === null) return null;
  return error === '请输入金额' ? `请输入${what}` : `${what}：${error}`;
}

/** Yuan as typed → fen; throws on text the form's rules would have refused. */
export function yuanToFen(text: string): number {
  const { fen } = parseYuanInput(text, MAX_LOT_PRICE_FEN);
  if (fen === null) throw new Error(`not an amount: ${text}`);
  return fen;
}

export const requiredPriceRule = (what: string): Rule => ({
  validator: (_, value: string | undefined) => {
    const problem = lotPriceProblem(value, what);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
