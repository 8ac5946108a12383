import { useState } from 'react';
import { Alert, Avatar, Button, Card, Col, Descriptions, Row, Space, Statistic, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  LockOutlined,
  ProfileOutlined,
  UnlockOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { formatFen } from '@antique/shared';
import { useCurrentOperator } from '../../features/session/current-operator';
import { AccountStatusTag } from '../../components/account-status-tag';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { RealNameTag } from '../../features/realname/realname-tag';
import { FullPageSpin } from '../../components/full-page-spin';
import { canDo, canSeePage } from '../../features/access/roles';
import { useMember } from '../../features/members/api';
import { formatDateTime } from '../../lib/format-datetime';
import { DepositModal } from './deposit-modal';
import { FreezeModal } from './freeze-modal';
import { LedgerCard } from './ledger-card';

export function MemberDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const operator = useCurrentOperator();
  const navigate = useNavigate();
  const member = useMember(id);
  const [dialog, setDialog] = useState<'deposit' | 'freeze' | null>(null);

  const back = (
    <Link to="/members">
      <ArrowLeftOutlined /> 返回会员列表
    </Link>
  );

  if (!Number.isInteger(id) || id <= 0) {
    return <QueryError error={new Error('会员编号无效')} />;
  }
  if (member.isPending) return <FullPageSpin />;
  if (member.isError) {
    return (
      <>
        <div style={{ marginBottom: 12 }}>{back}</div>
        <QueryError error={member.error} onRetry={() => void member.refetch()} />
      </>
    );
  }

  const m = member.data;
  const mayFreeze = canDo(operator.role, 'member.freeze');
  const mayDeposit = canDo(operator.role, 'member.deposit');

  return (
    <>
      <div style={{ marginBottom: 12 }}>{back}</div>
      <PageHeader
        title={`会员 #${m.id}`}
        subtitle={
          <Space>
            <span>{m.phone}</span>
            <span>{m.nickname}</span>
            <AccountStatusTag frozen={m.frozen} reason={m.frozenReason} />
          </Space>
        }
        extra={
          <>
            {canSeePage(operator.role, 'orders') ? (
              <Button
                icon={<ProfileOutlined />}
                onClick={() => void navigate(`/orders?memberId=${m.id}`)}
                data-testid="member-orders-link"
              >
                查看订单
              </Button>
            ) : null}
            {mayFreeze ? (
              <Button
                danger={!m.frozen}
                icon={m.frozen ? <UnlockOutlined /> : <LockOutlined />}
                onClick={() => setDialog('freeze')}
                data-testid="member-freeze-open"
              >
                {m.frozen ? '解冻账户' : '冻结账户'}
              </Button>
            ) : null}
            {mayDeposit ? (
              <Button
                type="primary"
                icon={<WalletOutlined />}
                onClick={() => setDialog('deposit')}
                data-testid="member-deposit-open"
              >
                登记充值
              </Button>
            ) : null}
          </>
        }
      />
      {m.frozen ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="该账户已冻结"
          description={m.frozenReason ? `冻结原因：${m.frozenReason}` : '未填写冻结原因'}
        />
      ) : null}
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={16}>
          <Card title="基本信息" style={{ height: '100%' }}>
            <Space align="start" size={24}>
              <Avatar size={64} src={m.avatar || undefined} icon={<UserOutlined />} />
              <Descriptions
                column={2}
                size="small"
                items={[
                  { key: 'phone', label: '手机号', children: m.phone },
                  { key: 'nickname', label: '昵称', children: m.nickname || '—' },
                  { key: 'vip', label: 'VIP 等级', children: `V${m.vipLevel}` },
                  {
                    key: 'invite',
                    label: '邀请码',
                    children: <Typography.Text copyable>{m.inviteCode}</Typography.Text>,
                  },
                  {
                    key: 'inviter',
                    label: '邀请人',
                    children: m.inviter ? (
                      <Link to={`/members/${m.inviter.id}`}>
                        #{m.inviter.id} {m.inviter.phone}
                      </Link>
                    ) : (
                      '无'
                    ),
                  },
                  { key: 'team', label: '直推人数', children: m.teamCount },
                  { key: 'rn', label: '实名状态', children: <RealNameTag status={m.realNameStatus} /> },
                  { key: 'name', label: '真实姓名', children: m.realName ?? '—' },
                  { key: 'idn', label: '身份证号', children: m.idNumber ?? '—' },
                  { key: 'created', label: '注册时间', children: formatDateTime(m.createdAt) },
                  { key: 'login', label: '最近登录', children: formatDateTime(m.lastLoginAt) },
                ]}
              />
            </Space>
          </Card>
        </Col>
        <Col span={8}>
          <Card title="钱包" style={{ height: '100%' }}>
            <Row gutter={16}>
              <Col span={12}>
                <Statistic title="可用余额" value={formatFen(m.balance)} data-testid="member-balance" />
              </Col>
              <Col span={12}>
                <Statistic title="冻结金额" value={formatFen(m.frozenAmount)} data-testid="member-frozen-amount" />
              </Col>
            </Row>
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 16 }}>
              合计 {formatFen(m.balance + m.frozenAmount)}。冻结金额为出价保证金与提现中的款项，与账户冻结无关。
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      {canDo(operator.role, 'ledger.view') ? <LedgerCard memberId={m.id} /> : null}

      <DepositModal member={m} open={dialog === 'deposit'} onClose={() => setDialog(null)} />
      <FreezeModal member={m} open={dialog === 'freeze'} onClose={() => setDialog(null)} />
    </>
  );
}
