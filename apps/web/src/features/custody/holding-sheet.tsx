import { Skeleton } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { describeError } from '../../lib/describe-error';
import { useHoldingQuery } from './custody.api';
import { HoldingHistory } from './holding-history';

function HoldingSheetBody({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useHoldingQuery(id);
  if (query.isPending) return <Skeleton.Paragraph lineCount={5} animated />;
  if (query.isError) {
    return (
      <EmptyState
        status="error"
        title={t('holding.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="holding-error"
      />
    );
  }
  return (
    <>
      <p className="custody-sheet-text" data-testid="holding-title">
        {query.data.title}
      </p>
      <HoldingHistory history={query.data.history} />
    </>
  );
}

/** A piece's record in the house (bought, consigned, listed, sold, shipped…), over its list. */
export function HoldingSheet({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Sheet visible={id !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="custody-sheet" destroyOnClose>
      <div className="custody-sheet-body" data-testid="holding-sheet">
        <h2 className="custody-sheet-title">{t('holding.history')}</h2>
        {id !== null && <HoldingSheetBody id={id} />}
      </div>
    </Sheet>
  );
}
