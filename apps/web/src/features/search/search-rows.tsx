import type { ProductCard, SoldLot } from '@antique/shared';
import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { formatDate } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { Highlighted } from './highlight';
import './search.css';

/** At most as long as the server takes (40). */
export const SEARCH_MAX = 40;

/** The search box: typed freely, searched on submit, cleared with one tap. */
export function SearchBox({
  value,
  placeholder,
  onSearch,
  autoFocus,
  testId = 'search',
}: {
  value: string | undefined;
  placeholder: string;
  onSearch(keyword: string | undefined): void;
  autoFocus?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    input.current?.blur();
    onSearch(text.trim() || undefined);
  };
  return (
    <form className="search-bar" onSubmit={submit} role="search">
      <SearchOutline className="search-bar-icon" />
      <input
        ref={input}
        type="search"
        enterKeyHint="search"
        className="search-bar-input"
        value={text}
        maxLength={SEARCH_MAX}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(event) => setText(event.target.value)}
        data-testid={`${testId}-input`}
      />
      {text && (
        <button
          type="button"
          className="search-bar-clear"
          aria-label={t('mall.clearSearch')}
          onClick={() => {
            setText('');
            if (value) onSearch(undefined);
          }}
          data-testid={`${testId}-clear`}
        >
          <CloseCircleFill />
        </button>
      )}
      <button type="submit" className="search-bar-submit" data-testid={`${testId}-submit`}>
        {t('mall.search')}
      </button>
    </form>
  );
}

export function ProductRow({ product, keyword }: { product: ProductCard; keyword?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="search-row"
      onClick={() => go(pagePath('product', { id: product.id }))}
      data-testid="search-product"
      data-id={product.id}
    >
      <LazyImage src={product.cover} alt="" ratio={1} />
      <span className="search-row-main">
        <Highlighted className="search-row-title" text={product.title} keyword={keyword} />
        <span className="search-row-meta">
          <span className="search-badge">{t('search.mallBadge')}</span>
          <PriceText fen={product.price} size="md" />
        </span>
        <span className="search-row-meta">
          {product.stock > 0 ? t('search.inStock', { count: product.stock }) : t('product.soldOut')}
        </span>
      </span>
    </button>
  );
}

export function SoldRow({ lot, keyword }: { lot: SoldLot; keyword?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="search-row"
      onClick={() => go(pagePath('lot', { id: lot.id }))}
      data-testid="sold-lot"
      data-id={lot.id}
    >
      <LazyImage src={lot.cover} alt="" ratio={1} />
      <span className="search-row-main">
        <Highlighted className="search-row-title" text={lot.title} keyword={keyword} />
        <span className="search-row-meta">
          <span>{t('auction.hammer')}</span>
          <span data-testid="sold-lot-hammer" data-fen={lot.hammer}>
            <PriceText fen={lot.hammer} size="md" />
          </span>
        </span>
        <span className="search-row-meta">
          <span>{t('auction.bidCount', { count: lot.bidCount })}</span>
          <span>{t('search.soldOn', { date: formatDate(lot.endedAt) })}</span>
        </span>
      </span>
    </button>
  );
}
