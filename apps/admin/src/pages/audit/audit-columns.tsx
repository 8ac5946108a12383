import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AuditRow } from '../../features/audit/api';
import { formatDateTime } from '../../lib/format-datetime';

/** The actions the server writes (grep `action:` in apps/server/src), by area, with the operators' words for them. */
export const ACTION_GROUPS: readonly { label: string; actions: Record<string, string> }[] = [
  {
    label: '会员',
    actions: {
      'member.freeze': '冻结会员',
      'member.unfreeze': '解冻会员',
      'member.deposit': '登记充值',
      'realname.approve': '实名审核通过',
      'realname.reject': '实名审核驳回',
      'realname.reveal': '查看实名完整信息',
    },
  },
  {
    label: '资金',
    actions: {
      'withdrawal.approve': '提现审核通过',
      'withdrawal.reject': '提现驳回',
      'withdrawal.paid': '提现标记已打款',
    },
  },
  {
    label: '商品',
    actions: {
      'category.create': '新建商品分类',
      'category.update': '修改商品分类',
      'category.delete': '删除商品分类',
      'product.create': '新建商品',
      'product.update': '修改商品',
    },
  },
  {
    label: '拍卖与托管',
    actions: {
      'auction.session.create': '新建拍卖场次',
      'auction.session.update': '修改拍卖场次',
      'auction.lot.create': '新建拍品',
      'delegation.approve': '委托审核通过',
      'delegation.reject': '委托审核驳回',
      'pick.ship': '提货发货',
    },
  },
  {
    label: '内容',
    actions: {
      'banner.create': '新建轮播图',
      'banner.update': '修改轮播图',
      'banner.delete': '删除轮播图',
      'notice.create': '发布公告',
      'notice.update': '修改公告',
      'notice.delete': '删除公告',
      'news.create': '发布资讯',
      'news.update': '修改资讯',
      'news.delete': '删除资讯',
      'contact.update': '修改联系我们',
      'rule.update': '修改规则',
      'appVersion.update': '修改版本更新策略',
    },
  },
  {
    label: '系统',
    actions: {
      'operator.create': '新建运营账号',
      'operator.update': '修改运营账号',
      'operator.lock': '登录失败过多，锁定运营账号',
      'settings.update': '修改系统设置',
    },
  },
];

/** Names for the actions the server is known to write; anything else shows its raw key. */
export const ACTION_LABELS: Record<string, string> = Object.assign({}, ...ACTION_GROUPS.map((g) => g.actions));

const TARGET_LABELS: Record<string, string> = {
  member: '会员',
  operator: '运营账号',
  wallet: '钱包',
  withdrawal: '提现',
  order: '订单',
  lot: '拍品',
  product: '商品',
  settings: '系统设置',
  category: '商品分类',
  banner: '轮播图',
  notice: '公告',
  news: '资讯',
  contact: '联系我们',
  rule: '规则',
  appVersion: '版本更新',
  delegation: '委托',
  pick: '提货',
  session: '拍卖场次',
};

export const auditColumns: ColumnsType<AuditRow> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
  {
    title: '操作人',
    key: 'operator',
    width: 150,
    render: (_, r) =>
      r.operatorId === null ? (
        <Typography.Text type="secondary">系统</Typography.Text>
      ) : (
        `${r.operatorName ?? '未知'} (#${r.operatorId})`
      ),
  },
  {
    title: '动作',
    dataIndex: 'action',
    width: 200,
    render: (v: string) => (
      <span>
        {ACTION_LABELS[v] ?? v}
        {ACTION_LABELS[v] ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {v}
          </Typography.Text>
        ) : null}
      </span>
    ),
  },
  {
    title: '对象',
    key: 'target',
    width: 160,
    render: (_, r) => `${TARGET_LABELS[r.targetType] ?? r.targetType}${r.targetId ? ` #${r.targetId}` : ''}`,
  },
  { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '—' },
];
