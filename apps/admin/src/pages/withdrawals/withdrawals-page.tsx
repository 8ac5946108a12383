import { formatFen, withdrawalStatuses } from '@antique/shared';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { DataTable, RefreshButton } from '../../components/data-table/data-table';
import { segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { ExportCsv } from '../../components/export-csv';
import { canDo, canSeePage } from '../../features/access/roles';
import { useCurrentOperator } from '../../features/session/current-operator';
import {
  type AdminWithdrawal,
  type WithdrawalStatus,
  WITHDRAWAL_STATUS_LABELS,
  exportWithdrawals,
  useWithdrawalStep,
  withdrawalQueries,
} from '../../features/withdrawals/api';
import { useAlipayTransfer } from '../../features/payments/api';
import { errorText } from '../../lib/error-text';
import { MarkPaidModal } from './mark-paid-modal';
import { RejectWithdrawalModal } from './reject-withdrawal-modal';
import { type WithdrawalAction, withdrawalColumns } from './withdrawal-columns';

const filters = {
  status: segmentedFilter<WithdrawalStatus | 'all'>({
    options: [
      ...withdrawalStatuses.map((s) => ({ value: s, label: WITHDRAWAL_STATUS_LABELS[s] })),
      { value: 'all', label: '全部' },
    ],
    defaultValue: 'pending',
    testId: 'withdrawal-status-filter',
  }),
};

const EMPTY: Record<WithdrawalStatus | 'all', string> = {
  pending: '没有待审核的提现',
  approved: '没有待打款的提现',
  paid: '暂无已打款的提现',
  rejected: '暂无已驳回的提现',
  all: '暂无提现',
};

/** Finance's withdrawal queue: approve, then mark paid once transferred; or reject with a reason (the money goes back). */
export function WithdrawalsPage() {
  const operator = useCurrentOperator();
  const { modal, message } = AntApp.useApp();
  const step = useWithdrawalStep();
  const transfer = useAlipayTransfer();
  const table = useDataTable({
    filters,
    query: ({ status }, paging) => withdrawalQueries.list({ status: status === 'all' ? undefined : status, ...paging }),
  });
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null);

  const act = (row: AdminWithdrawal, action: WithdrawalAction) => {
    if (action === 'reject') {
      setRejecting(row);
      return;
    }
    if (action === 'transfer') {
      payByAlipay(row);
      return;
    }
    // Paid by hand: the bank's transfer reference is asked for (kept with the withdrawal).
    if (action === 'paid') {
      setPaying(row);
      return;
    }
    void modal.confirm({
      title: `通过提现 #${row.id}？`,
      content: `${row.accountName} ${row.accountNo}，实付 ${formatFen(row.actualAmount)}。通过后请转账，转账完成再标记已打款。`,
      okText: '通过',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'withdrawal-confirm-ok' } as Record<string, string>,
      onOk: async () => {
        try {
          await step.mutateAsync({ id: row.id, step: 'approve' });
          void message.success(`提现 #${row.id} 已通过，待打款`);
        } catch (error) {
          void message.error(errorText(error));
          void table.query.refetch();
        }
      },
    });
  };

  /** Alipay pays the payee, checking their verified name; a refusal returns the money as a rejection does. */
  const payByAlipay = (row: AdminWithdrawal) => {
    void modal.confirm({
      title: `通过支付宝转账提现 #${row.id}？`,
      content: `向 ${row.payee.name}（支付宝账号 ${row.payee.accountNo}）转账 ${formatFen(row.actualAmount)}。支付宝将核对收款人实名，转账成功即标记已打款；支付宝拒绝时提现驳回，冻结的 ${formatFen(row.amount)} 退回会员余额。`,
      okText: '确认转账',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'withdrawal-transfer-ok' } as Record<string, string>,
      onOk: async () => {
        try {
          const done = await transfer.mutateAsync(row.id);
          if (done.status === 'paid') {
            void message.success(
              `提现 #${row.id} 已通过支付宝转账${done.payout?.ref ? `，支付宝单号 ${done.payout.ref}` : ''}`,
            );
          } else {
            void modal.error({
              title: `支付宝拒绝了提现 #${row.id} 的转账`,
              content: `${done.payout?.error ?? done.rejectReason ?? '支付宝未说明原因'}。提现已驳回，${formatFen(row.amount)} 已退回会员余额。`,
              okText: '知道了',
              okButtonProps: { 'data-testid': 'withdrawal-transfer-refused-ok' } as Record<string, string>,
            });
          }
        } catch (error) {
          void message.error(errorText(error));
          void table.query.refetch();
        }
      },
    });
  };

  const { status } = table.values;
  const statusLabel = status === 'all' ? '全部状态' : WITHDRAWAL_STATUS_LABELS[status];
  const exportButton = canDo(operator.role, 'export.withdrawals') ? (
    <ExportCsv
      onDownload={(range, fileName) =>
        exportWithdrawals({ status: status === 'all' ? undefined : status, ...range }, fileName)
      }
      baseName={status === 'all' ? '提现' : `提现-${statusLabel}`}
      testId="export-withdrawals"
      scope={statusLabel}
    />
  ) : null;

  return (
    <>
      <PageHeader
        title="提现审核"
        subtitle="会员提现到本人实名账户：核对后通过，转账完成标记已打款；不符合的驳回并写明原因，冻结金额退回会员余额"
        extra={
          <>
            {exportButton}
            <RefreshButton table={table} />
          </>
        }
      />
      <DataTable
        table={table}
        columns={withdrawalColumns({ membersLinked: canSeePage(operator.role, 'members'), onAction: act })}
        testId={(w) => `withdrawal-row-${w.id}`}
        scroll={{ x: 1420 }}
        summary={(total) => `共 ${total} 笔`}
        emptyText={EMPTY[table.values.status]}
      />
      <RejectWithdrawalModal row={rejecting} onClose={() => setRejecting(null)} />
      <MarkPaidModal row={paying} onClose={() => setPaying(null)} />
    </>
  );
}
