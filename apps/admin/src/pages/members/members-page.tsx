import { DataTable } from '../../components/data-table/data-table';
import { searchFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { memberQueries } from '../../features/members/api';
import { memberColumns } from './members-columns';

const filters = {
  keyword: searchFilter({ placeholder: '手机号 / 昵称 / 邀请码', maxLength: 40, width: 420, testId: 'member-search' }),
};

export function MembersPage() {
  const table = useDataTable({ filters, query: (values, paging) => memberQueries.list({ ...values, ...paging }) });
  const { keyword } = table.values;
  return (
    <>
      <PageHeader title="会员管理" subtitle="查询会员、查看钱包与流水、冻结账户、登记线下充值" />
      <DataTable
        table={table}
        columns={memberColumns}
        testId={(m) => `member-row-${m.id}`}
        size="middle"
        scroll={{ x: 1300 }}
        summary={(total) => `共 ${total} 位会员`}
        emptyText={keyword ? `没有找到与「${keyword}」匹配的会员` : '暂无会员'}
      />
    </>
  );
}
