import { useTranslation } from '../../lib/use-translation';
import { moneyParts } from '../../lib/format-money';
import './price-text.css';

interface PriceTextProps {
  fen: number;
  size?: 'sm' | 'md' | 'lg';
  /** A crossed-out reference price. */
  struck?: boolean;
  testId?: string;
}

/** An amount in fen as ¥1,234.00 (CN¥ outside simplified Chinese), the yuan larger than the fen part. */
export function PriceText({ fen, size = 'md', struck, testId }: PriceTextProps) {
  // Subscribed to the language so the currency follows a switch.
  useTranslation();
  const parts = moneyParts(fen);
  const text = parts.map((part) => part.value).join('');
  if (struck) {
    return (
      <s className="price-text price-text-struck" data-testid={testId}>
        {text}
      </s>
    );
  }
  const decimal = parts.findIndex((part) => part.type === 'decimal');
  const split = decimal < 0 ? parts.length : decimal;
  const join = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return (
    <span className={`price-text price-text-${size}`} data-testid={testId}>
      <span className="price-text-yuan">{join(0, split)}</span>
      <span className="price-text-fen">{join(split)}</span>
    </span>
  );
}
