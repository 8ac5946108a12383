import { useTranslation } from '../../lib/use-translation';
import { RichText } from '../rich-text/rich-text';

/** Where a piece is shown: a lot's page or a product's; each page keeps its own look. */
type PieceKind = 'lot' | 'product';

const LOOK = {
  lot: {
    section: 'lot-section',
    title: 'lot-section-title',
    record: 'lot-record',
    row: 'lot-record-row',
    description: 'lot-description',
    empty: 'lot-empty',
  },
  product: {
    section: 'product-card-section',
    title: 'product-section-title',
    record: 'product-record',
    row: 'product-record-row',
    description: 'product-description',
    empty: 'product-description-empty',
  },
} as const;

interface PieceRecordFields {
  era: string;
  material: string;
  dimensions: string;
  provenance: string;
}

/** A piece's record (era, material, size, provenance): the lines the house filled in, or nothing. */
export function PieceRecord({ piece, kind }: { piece: PieceRecordFields; kind: PieceKind }) {
  const { t } = useTranslation();
  const look = LOOK[kind];
  const rows = [
    { key: 'era', label: t('product.era'), value: piece.era },
    { key: 'material', label: t('product.material'), value: piece.material },
    { key: 'dimensions', label: t('product.dimensions'), value: piece.dimensions },
    { key: 'provenance', label: t('product.provenance'), value: piece.provenance },
  ].filter((row) => row.value.trim());
  if (rows.length === 0) return null;
  return (
    <section className={look.section}>
      <h2 className={look.title}>{t('product.record')}</h2>
      <dl className={look.record}>
        {rows.map((row) => (
          <div key={row.key} className={look.row} data-testid={`${kind}-${row.key}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A piece's description, or a line saying there is none. */
export function PieceDescription({ html, kind }: { html: string; kind: PieceKind }) {
  const { t } = useTranslation();
  const look = LOOK[kind];
  return (
    <section className={look.section}>
      <h2 className={look.title}>{t('product.description')}</h2>
      <RichText
        html={html}
        className={look.description}
        testId={`${kind}-description`}
        lines={3}
        empty={<p className={look.empty}>{t('product.noDescription')}</p>}
      />
    </section>
  );
}
