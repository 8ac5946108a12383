import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state/empty-state';
import { InfiniteList } from '../../components/infinite-list/infinite-list';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { WithdrawalItem } from '../../features/withdrawals/withdrawal-item';
import { useWithdrawRecordPages } from '../../features/withdrawals/withdrawals.api';
import '../../features/withdrawals/withdrawals.css';
import { describeError } from '../../lib/describe-error';
import { go } from '../../lib/navigation';
import { routePaths } from '../../lib/route-paths';

/** The member's withdrawals, newest first: status, masked account, fee and amount received, a rejection's reason. */
export default function WithdrawRecordPage() {
  const { t } = useTranslation();
  const { query, items, listProps } = useWithdrawRecordPages();

  let body;
  if (query.isPending) {
    body = (
      <div className="withdrawal-list skeleton-lines" aria-busy="true" data-testid="withdraw-record-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (query.isError && items.length === 0) {
    body = (
      <EmptyState
        status="error"
        title={t('withdrawRecord.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="withdraw-record-error"
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        title={t('withdrawRecord.empty')}
        actionText={t('withdrawRecord.withdraw')}
        onAction={() => go(routePaths.withdraw)}
        testId="withdraw-record-empty"
      />
    );
  } else {
    body = (
      <ul className="withdrawal-list" data-testid="withdraw-record-list">
        {items.map((withdrawal) => (
          <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} />
        ))}
      </ul>
    );
  }

  return (
    <div className="withdraw-record-page" data-testid="withdraw-record-page">
      <PullRefresh onRefresh={() => query.refetch()}>
        <InfiniteList {...listProps} testId="withdraw-record-infinite">
          {body}
        </InfiniteList>
        {items.length > 0 && (
          <div className="form-actions">
            <Button
              color="primary"
              size="large"
              shape="rounded"
              block
              onClick={() => go(routePaths.withdraw)}
              data-testid="withdraw-record-new"
            >
              {t('withdrawRecord.withdraw')}
            </Button>
          </div>
        )}
      </PullRefresh>
    </div>
  );
}
