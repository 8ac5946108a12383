import { labelOf } from '@antique/shared';
import { useState } from 'react';
import { App as AntApp, Alert, Button, Card, Col, Flex, Form, InputNumber, Row, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ConfirmModal } from '../../components/confirm-modal';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { YuanInput } from '../../components/yuan-input';
import { type Settings, useSaveSettings, useSettingsQuery } from '../../features/settings/api';
import {
  type FieldProblem,
  type ScalarField,
  type SettingChange,
  type SettingsFormValues,
  SCALAR_FIELDS,
  VIP_LEVELS,
  changesBetween,
  formNameOf,
  patchOf,
  readForm,
  sectionLabel,
  toFormValues,
} from '../../features/settings/settings-model';
import { useCurrentOperator } from '../../features/session/current-operator';
import { errorText } from '../../lib/error-text';
import { serverFieldOf } from '../../lib/server-field';

const fieldsOf = (...sections: string[]) => SCALAR_FIELDS.filter((f) => sections.includes(f.path.join('.')));
const inSection = (...sections: string[]) => SCALAR_FIELDS.filter((f) => sections.includes(f.path[0]!));

const LOGIN_GROUPS = [
  { section: 'login', title: '会员登录' },
  { section: 'operatorLogin', title: '运营账号登录' },
  { section: 'tradePassword', title: '交易密码' },
];

const VIP_DEFAULT_NOTE = '按会员累计支付金额定级；每一级须高于上一级';

/** The business numbers of PRODUCT.md "Settings", grouped as an operator thinks of them; only the administrator saves. */
export function SettingsPage() {
  const operator = useCurrentOperator();
  const query = useSettingsQuery();
  const editable = operator.role === 'admin';

  return (
    <>
      <PageHeader
        title="系统设置"
        subtitle="业务规则中的数字：短信、登录、支付时限、保证金与佣金、加价幅度、提现、会员等级、邀请奖励、提货、保障期限。修改即时生效，并记入审计日志"
      />
      {editable ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`只读：仅${labelOf('operatorRole', 'admin')}可以修改系统设置`}
          description="如需调整，请联系超级管理员。"
          data-testid="settings-read-only"
        />
      )}
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        // A new form for each stored version: after a save the page shows what the server kept.
        <SettingsForm key={query.dataUpdatedAt} stored={query.data} editable={editable} />
      ) : (
        <Card loading />
      )}
    </>
  );
}

function SettingsForm({ stored, editable }: { stored: Settings; editable: boolean }) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<SettingsFormValues>();
  const save = useSaveSettings();
  const [attempted, setAttempted] = useState(false);
  const [problemNames, setProblemNames] = useState<(string | number)[][]>([]);
  const [pending, setPending] = useState<{ next: Settings; changes: SettingChange[] } | null>(null);

  const showProblems = (problems: FieldProblem[]) => {
    form.setFields([
      ...problemNames.map((name) => ({ name, errors: [] as string[] })),
      ...problems.map((p) => ({ name: p.name, errors: [p.message] })),
    ]);
    setProblemNames(problems.map((p) => p.name));
  };

  const check = () => {
    const result = readForm(form.getFieldsValue(true) as SettingsFormValues);
    showProblems(result.problems);
    return result;
  };

  const submit = () => {
    setAttempted(true);
    const result = check();
    if (!result.settings) {
      void message.error(`有 ${result.problems.length} 项设置不符合要求，请按提示修改`);
      const first = result.problems[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    const changes = changesBetween(stored, result.settings);
    if (changes.length === 0) {
      void message.info('没有修改任何设置');
      return;
    }
    setPending({ next: result.settings, changes });
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      await save.mutateAsync(patchOf(stored, pending.next));
      void message.success(`已保存 ${pending.changes.length} 项设置`);
    } catch (error) {
      const field = serverFieldOf(error);
      if (field) showProblems([{ name: formNameOf(field.split('.')), message: errorText(error) }]);
      void message.error(`未保存：${errorText(error)}`);
      setPending(null);
    }
  };

  return (
    <Form<SettingsFormValues>
      form={form}
      layout="vertical"
      initialValues={toFormValues(stored)}
      disabled={!editable}
      onValuesChange={() => {
        if (attempted) check();
      }}
      data-testid="settings-form"
    >
      <Flex vertical gap={16}>
        <Card title="短信" extra={<Hint>验证码的发送频率与有效期</Hint>}>
          <Fields fields={inSection('sms')} />
        </Card>
        <Card title="登录与交易密码" extra={<Hint>连续失败后暂停，防止猜测密码</Hint>}>
          <Row gutter={32}>
            {LOGIN_GROUPS.map((group) => (
              <Col key={group.section} xs={24} xl={8}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {group.title}
                </Typography.Title>
                <Fields fields={inSection(group.section)} span={24} />
              </Col>
            ))}
          </Row>
        </Card>
        <Card title="订单与拍卖" extra={<Hint>支付时限与结拍延时</Hint>}>
          <Fields
            fields={fieldsOf(
              'mallPaymentMinutes',
              'maxUnpaidOrders',
              'auctionPaymentHours',
              'softCloseSeconds',
              'softCloseCapMinutes',
            )}
          />
        </Card>
        <Card title="保证金、佣金与加价幅度">
          <Fields fields={fieldsOf('bidDepositBps', 'buyerPremiumBps', 'sellerCommissionBps')} span={8} />
          <IncrementTable editable={editable} />
        </Card>
        <Card title="提现" extra={<Hint>会员只能提现到本人实名账户</Hint>}>
          <Fields fields={inSection('withdraw')} span={8} />
        </Card>
        <Card title="充值" extra={<Hint>银行转账的收款账户在“联系我们”中设置</Hint>}>
          <Fields fields={inSection('recharge')} span={8} />
        </Card>
        <Card title="会员等级" extra={<Hint>{VIP_DEFAULT_NOTE}</Hint>}>
          <Row gutter={16}>
            {VIP_LEVELS.map((level) => (
              <Col key={level} xs={12} md={8} xl={4}>
                <Form.Item label={`V${level} 累计支付`} name={['vipThresholds', level]}>
                  <YuanInput data-testid={`settings-vip-${level}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Card title="邀请奖励" style={{ height: '100%' }}>
              <Fields fields={fieldsOf('referralRateBps')} span={24} />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title="提货与保障" style={{ height: '100%' }}>
              <Fields fields={fieldsOf('pickAutoReceiveDays')} span={24} />
              <Fields fields={fieldsOf('guaranteeDays')} span={24} />
            </Card>
          </Col>
        </Row>
        {editable ? (
          <Card size="small" className="form-actions">
            <Flex justify="flex-end" gap={8}>
              <Button
                onClick={() => {
                  form.resetFields();
                  showProblems([]);
                  setAttempted(false);
                }}
              >
                放弃修改
              </Button>
              <Button type="primary" onClick={submit} loading={save.isPending} data-testid="settings-submit">
                保存修改
              </Button>
            </Flex>
          </Card>
        ) : null}
      </Flex>
      <ConfirmModal
        open={pending !== null}
        title="确认修改以下设置？"
        okText="确认保存"
        okTestId="settings-confirm-ok"
        width={760}
        loading={save.isPending}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        <Typography.Paragraph type="secondary">修改立即对全部会员生效，并记入审计日志。</Typography.Paragraph>
        <Table<SettingChange>
          size="small"
          pagination={false}
          rowKey={(c) => `${c.section}-${c.label}`}
          dataSource={pending?.changes ?? []}
          data-testid="settings-changes"
          columns={[
            {
              title: '设置项',
              key: 'label',
              width: 200,
              render: (_, c) => (sectionLabel(c.section) ? `${sectionLabel(c.section)} · ${c.label}` : c.label),
            },
            {
              title: '修改前',
              dataIndex: 'before',
              render: (v: string) => <Typography.Text delete>{v}</Typography.Text>,
            },
            {
              title: '修改后',
              dataIndex: 'after',
              render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
            },
          ]}
        />
      </ConfirmModal>
    </Form>
  );
}

function Hint({ children }: { children: string }) {
  return <Typography.Text type="secondary">{children}</Typography.Text>;
}

function Fields({ fields, span = 6 }: { fields: readonly ScalarField[]; span?: number }) {
  return (
    <Row gutter={16}>
      {fields.map((field) => (
        <Col key={field.testId} xs={24} md={12} xl={span}>
          <Form.Item label={field.label} name={[...field.path]} extra={field.help}>
            {field.unit.kind === 'fen' ? (
              <YuanInput data-testid={field.testId} />
            ) : (
              <InputNumber<number>
                precision={field.unit.kind === 'bps' ? 2 : 0}
                step={field.unit.kind === 'bps' ? 0.5 : 1}
                suffix={field.unit.kind === 'bps' ? '%' : field.unit.suffix}
                style={{ width: '100%' }}
                data-testid={field.testId}
              />
            )}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** Rows of "below ¥X, each bid adds ¥Y"; the last row has no limit (以上). */
function IncrementTable({ editable }: { editable: boolean }) {
  return (
    <Form.Item
      label="加价幅度表"
      extra="当前价低于某一档上限时，每次加价按该档幅度；最后一档适用于以上全部价格"
      style={{ marginBottom: 0 }}
    >
      <Form.List name="increments">
        {(rows, { add, remove }) => (
          <Flex vertical gap={8} data-testid="settings-increments">
            {rows.map((row, index) => {
              const last = index === rows.length - 1;
              return (
                <Flex key={row.key} gap={8} align="flex-start" data-testid={`settings-increment-row-${index}`}>
                  <Typography.Text style={{ width: 36, lineHeight: '32px' }}>{last ? '以上' : '低于'}</Typography.Text>
                  {last ? (
                    <Typography.Text type="secondary" style={{ width: 200, lineHeight: '32px' }}>
                      {index === 0 ? '所有价格' : '高于上一档的全部价格'}
                    </Typography.Text>
                  ) : (
                    <Form.Item name={[row.name, 'below']} style={{ width: 200, marginBottom: 0 }}>
                      <YuanInput placeholder="价格上限" data-testid={`settings-increment-below-${index}`} />
                    </Form.Item>
                  )}
                  <Typography.Text style={{ width: 72, lineHeight: '32px', textAlign: 'center' }}>
                    每口加价
                  </Typography.Text>
                  <Form.Item name={[row.name, 'step']} style={{ width: 180, marginBottom: 0 }}>
                    <YuanInput placeholder="加价幅度" data-testid={`settings-increment-step-${index}`} />
                  </Form.Item>
                  {editable && rows.length > 1 ? (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除第 ${index + 1} 档`}
                      onClick={() => remove(row.name)}
                    />
                  ) : null}
                </Flex>
              );
            })}
            {editable ? (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                style={{ width: 520 }}
                onClick={() => add({ below: '', step: '' }, Math.max(rows.length - 1, 0))}
                data-testid="settings-increment-add"
              >
                在「以上」之前添加一档
              </Button>
            ) : null}
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
