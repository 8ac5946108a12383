import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state/empty-state';
import { useHoldingQuery } from '../../features/custody/custody.api';
import { HoldingCard } from '../../features/custody/holding-card';
import { HoldingHistory } from '../../features/custody/holding-history';
import { ShippingLine } from '../../features/custody/shipping-line';
import { describeError } from '../../lib/describe-error';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import './holding.css';

/** One of the member's pieces and its record in the house: every step from purchase to delivery. */
export default function HoldingPage() {
  const { t } = useTranslation();
  const id = Number(usePageParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const query = useHoldingQuery(validId ? id : 0);
  if (!validId) return <EmptyState title={t('holding.notFound')} testId="holding-not-found" />;
  if (query.isPending)
    return (
      <div className="skeleton-lines" aria-busy="true" data-testid="holding-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  if (query.isError) {
    return isRequestError(query.error) && query.error.code === 404 ? (
      <EmptyState title={t('holding.notFound')} testId="holding-not-found" />
    ) : (
      <EmptyState
        status="error"
        title={t('holding.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="holding-error"
      />
    );
  }
  const holding = query.data;
  return (
    <div className="holding-page" data-testid="holding-page" data-id={holding.id}>
      <HoldingCard holding={holding}>
        <ShippingLine holding={holding} />
      </HoldingCard>
      <section className="holding-section">
        <h2 className="holding-section-title">{t('holding.history')}</h2>
        <HoldingHistory history={holding.history} />
      </section>
    </div>
  );
}
