import { Button } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { LinesSkeleton, PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { WithdrawalItem } from '../../features/withdrawals/withdrawal-item';
import { useWithdrawRecordPages } from '../../features/withdrawals/withdrawals.api';
import '../../features/withdrawals/withdrawals.css';
import { go } from '../../lib/navigation';
import { routePaths } from '../../lib/route-paths';

/** The member's withdrawals, newest first: status, masked account, fee and amount received, a rejection's reason. */
export default function WithdrawRecordPage() {
  const { t } = useTranslation();
  const paged = useWithdrawRecordPages();

  return (
    <div className="withdraw-record-page" data-testid="withdraw-record-page">
      <PullRefresh onRefresh={() => paged.query.refetch()}>
        <PagedListBody
          paged={paged}
          loading={<LinesSkeleton className="withdrawal-list" lines={6} testId="withdraw-record-loading" />}
          errorTitle={t('withdrawRecord.loadFailed')}
          empty={{
            title: t('withdrawRecord.empty'),
            actionText: t('withdrawRecord.withdraw'),
            onAction: () => go(routePaths.withdraw),
          }}
          testId="withdraw-record"
          listClassName="withdrawal-list"
          renderItem={(withdrawal) => <WithdrawalItem withdrawal={withdrawal} />}
        />
        {paged.items.length > 0 && (
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
