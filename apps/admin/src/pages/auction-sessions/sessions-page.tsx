import { useState } from 'react';
import { Button, Image, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { labelOf, sessionPhaseOf } from '@antique/shared';
import { DataTable } from '../../components/data-table/data-table';
import { useDataTable } from '../../components/data-table/use-data-table';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { PageHeader } from '../../components/page-header';
import { type SessionRow, auctionQueries } from '../../features/auctions/api';
import { formatDateTime } from '../../lib/format-datetime';
import { type EditingSession, SessionFormModal } from './session-form-modal';

const filters = {};

function sessionColumns(onEdit: (s: SessionRow) => void, now: number): ColumnsType<SessionRow> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: '封面',
      dataIndex: 'cover',
      width: 150,
      render: (src: string) => (
        <Image
          src={src}
          width={128}
          height={64}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          fallback={IMAGE_FALLBACK}
        />
      ),
    },
    { title: '场次名称', dataIndex: 'title', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    {
      title: '开拍时间',
      dataIndex: 'startsAt',
      width: 200,
      render: (v: number) => (
        <div>
          {formatDateTime(v)}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {labelOf('sessionPhase', sessionPhaseOf(v, now))}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '拍品数',
      dataIndex: 'lotCount',
      width: 100,
      align: 'right',
      render: (n: number, s) =>
        n > 0 ? (
          <Link to={`/lots?sessionId=${s.id}`} data-testid={`session-lots-${s.id}`}>
            {n} 件
          </Link>
        ) : (
          <Typography.Text type="secondary">0 件</Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, s) => (
        <Button type="link" size="small" onClick={() => onEdit(s)} data-testid={`session-edit-${s.id}`}>
          编辑
        </Button>
      ),
    },
  ];
}

export function SessionsPage() {
  const table = useDataTable({ filters, query: (_, paging) => auctionQueries.sessions(paging) });
  const [editing, setEditing] = useState<EditingSession>(null);
  const create = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setEditing({ session: null })}
      data-testid="session-create"
    >
      新建场次
    </Button>
  );
  return (
    <>
      <PageHeader title="拍卖场次" subtitle="场次把拍品编成一场拍卖：名称、封面与开拍时间" extra={create} />
      <DataTable
        table={table}
        columns={sessionColumns((session) => setEditing({ session }), Date.now())}
        testId={(s) => `session-row-${s.id}`}
        summary={(total) => `共 ${total} 个场次`}
        emptyText="暂无场次，点击右上角「新建场次」添加"
      />
      <SessionFormModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
