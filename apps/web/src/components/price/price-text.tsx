import { formatFen } from '@antique/shared';
import './price-text.css';

interface PriceTextProps {
  fen: number;
  size?: 'sm' | 'md' | 'lg';
  /** A crossed-out reference price. */
  struck?: boolean;
  testId?: string;
}

/** An amount in fen as ¥1,234.00, the yuan larger than the fen part. */
export function PriceText({ fen, size = 'md', struck, testId }: PriceTextProps) {
  const text = formatFen(fen);
  if (struck) {
    return (
      <s className="price-text price-text-struck" data-testid={testId}>
        {text}
      </s>
    );
  }
  const dot = text.lastIndexOf('.');
  return (
    <span className={`price-text price-text-${size}`} data-testid={testId} aria-label={text}>
      <span className="price-text-yuan" aria-hidden="true">
        {text.slice(0, dot)}
      </span>
      <span className="price-text-fen" aria-hidden="true">
        {text.slice(dot)}
      </span>
    </span>
  );
}
