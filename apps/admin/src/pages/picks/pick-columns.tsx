import { Button, Image, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import type { AdminPick } from '../../features/custody/api';
import { PickStatusTag } from '../../features/custody/custody-tags';
import { MemberCell } from '../../features/custody/member-cell';
import { formatDateTime } from '../../lib/format-datetime';

const DAY_MS = 86_400_000;

export function addressText(a: AdminPick['address']): string {
  return `${a.province}${a.city === a.province ? '' : a.city}${a.district}${a.detail}`;
}

/** The pick-ups' columns; a pending one offers 发货. */
export function pickColumns({
  membersLinked,
  now,
  onShip,
}: {
  membersLinked: boolean;
  now: number;
  onShip: (pick: AdminPick) => void;
}): ColumnsType<AdminPick> {
  return [
    { title: 'ID', dataIndex: 'id', width: 56 },
    {
      title: '会员',
      key: 'member',
      width: 120,
      render: (_, p) => <MemberCell id={p.memberId} phone={p.memberPhone} linked={membersLinked} />,
    },
    {
      title: '藏品',
      key: 'pieces',
      minWidth: 200,
      render: (_, p) => (
        <Space orientation="vertical" size={4}>
          {p.holdings.map((h) => (
            <Space key={h.id} size={8}>
              <Image
                src={h.cover}
                width={36}
                height={36}
                style={{ objectFit: 'cover', borderRadius: 4 }}
                fallback={IMAGE_FALLBACK}
              />
              <span>
                {h.title}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {' '}
                  #{h.id}
                </Typography.Text>
              </span>
            </Space>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            共 {p.holdings.length} 件
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '收货地址',
      key: 'address',
      minWidth: 200,
      render: (_, p) => (
        <div>
          <Typography.Text strong>
            {p.address.name} {p.address.phone}
          </Typography.Text>
          <Typography.Text
            style={{ display: 'block' }}
            copyable={{ text: `${p.address.name} ${p.address.phone} ${addressText(p.address)}` }}
          >
            {addressText(p.address)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '申请时间',
      dataIndex: 'createdAt',
      width: 110,
      render: (v: number, p) => {
        const [date, time] = formatDateTime(v).split(' ');
        return (
          <div>
            {date}
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {time}
            </Typography.Text>
            {p.status === 'pending' && now - v >= DAY_MS ? (
              <Typography.Text type="warning" style={{ display: 'block', fontSize: 12 }}>
                已等待 {Math.floor((now - v) / DAY_MS)} 天
              </Typography.Text>
            ) : null}
          </div>
        );
      },
    },
    {
      title: '状态与物流',
      key: 'shipping',
      width: 200,
      render: (_, p) => (
        <div>
          <PickStatusTag status={p.status} />
          {p.carrier ? (
            <>
              <Typography.Text style={{ display: 'block', fontSize: 12, marginTop: 4 }}>{p.carrier}</Typography.Text>
              <Typography.Text
                copyable
                style={{ display: 'block', fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}
              >
                {p.trackingNo}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                发货 {formatDateTime(p.shippedAt)}
              </Typography.Text>
              {p.receivedAt ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  签收 {formatDateTime(p.receivedAt)}
                </Typography.Text>
              ) : null}
            </>
          ) : null}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, p) =>
        p.status === 'pending' ? (
          <Button type="primary" size="small" onClick={() => onShip(p)} data-testid={`pick-ship-${p.id}`}>
            发货
          </Button>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
}
