import { formatFen } from '@antique/shared';
import { Typography } from 'antd';

/** An amount in fen; `signed` colours credits green and debits red and always shows the sign. */
export function Money({ fen, signed = false, strong = false }: { fen: number; signed?: boolean; strong?: boolean }) {
  const text = signed && fen > 0 ? `+${formatFen(fen)}` : formatFen(fen);
  const type = signed ? (fen > 0 ? 'success' : fen < 0 ? 'danger' : undefined) : undefined;
  return (
    <Typography.Text type={type} strong={strong} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {text}
    </Typography.Text>
  );
}
