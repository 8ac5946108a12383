import type { AdminLotDetail } from '@antique/shared';
import { App as AntApp, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { Money } from '../../components/money';
import { canDo } from '../access/roles';
import { useCurrentOperator } from '../session/current-operator';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { OFFER_STATUS_LABELS, useLotOffers, useOfferLot, useWithdrawOffer } from './api';

const BLOCKED: Record<string, string> = {
  LOT_NOT_OFFERABLE: '仅买受人未付款而流拍的拍品可转让',
  OFFER_EXISTS: '已有待接受或已接受的转让',
  NO_UNDERBIDDER: '没有其他达到保留价的出价人可转让',
};

/**
 * Second chance on a lot whose winner did not pay: offer it to the underbidder at their max
 * bid for a day, see the offers made and withdraw an open one. Shown on unsold lots that had a
 * winner; the server decides again on every call.
 */
export function SecondChanceCard({ lot }: { lot: AdminLotDetail }) {
  const operator = useCurrentOperator();
  const { message } = AntApp.useApp();
  const eligible = lot.status === 'unsold' && lot.winnerId !== null;
  const offers = useLotOffers(lot.id, eligible);
  const offer = useOfferLot(lot.id);
  const withdraw = useWithdrawOffer(lot.id);
  if (!eligible || !offers.data) return null;
  const may = canDo(operator.role, 'lot.offer');
  const { candidate, blocked } = offers.data;
  return (
    <Card size="small" title="次高出价人转让（第二次机会）" style={{ marginBottom: 16 }} data-testid="second-chance">
      {candidate ? (
        <Space>
          <span>
            可按次高出价人 {candidate.memberPhone} 的最高出价 <Money fen={candidate.price} strong /> 转让，有效期一天；
            对方接受后生成拍卖订单，保证金规则与竞得相同。
          </span>
          {may && (
            <Popconfirm
              title={`确认按 ¥${(candidate.price / 100).toFixed(2)} 向 ${candidate.memberPhone} 发出转让？`}
              onConfirm={() =>
                offer.mutate(undefined, {
                  onSuccess: () => void message.success('已发出转让，会员将收到通知'),
                  onError: (e) => void message.error(errorText(e)),
                })
              }
            >
              <Button type="primary" loading={offer.isPending} data-testid="second-chance-offer">
                转让给次高出价人
              </Button>
            </Popconfirm>
          )}
        </Space>
      ) : (
        <Typography.Text type="secondary" data-testid="second-chance-blocked">
          {BLOCKED[blocked ?? ''] ?? '当前不能发出转让'}
        </Typography.Text>
      )}
      {offers.data.offers.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          rowKey="id"
          pagination={false}
          dataSource={offers.data.offers}
          columns={[
            { title: '会员', dataIndex: 'memberPhone' },
            { title: '价格', dataIndex: 'price', render: (v: number) => <Money fen={v} /> },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v: keyof typeof OFFER_STATUS_LABELS) => <Tag>{OFFER_STATUS_LABELS[v]}</Tag>,
            },
            { title: '有效至', dataIndex: 'expiresAt', render: (v: number) => formatDateTime(v) },
            { title: '订单', dataIndex: 'orderId', render: (v: number | null) => (v ? `#${v}` : '—') },
            {
              title: '操作',
              key: 'actions',
              render: (_, r) =>
                r.status === 'open' && may ? (
                  <Popconfirm
                    title="撤回这次转让？"
                    onConfirm={() =>
                      withdraw.mutate(r.id, {
                        onSuccess: () => void message.success('已撤回'),
                        onError: (e) => void message.error(errorText(e)),
                      })
                    }
                  >
                    <Button size="small" danger>
                      撤回
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}
