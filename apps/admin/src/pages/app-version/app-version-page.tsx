import { APP_VERSION_RE, appVersionPolicyInput, compareVersions } from '@antique/shared';
import { useState } from 'react';
import { App as AntApp, Alert, Button, Card, Col, Descriptions, Form, Input, Row, Typography } from 'antd';
import { ConfirmModal } from '../../components/confirm-modal';
import { fieldLimits, fieldProblem } from '../../components/schema-rules';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { type AppVersionPolicy, useAppVersionQuery, useSaveAppVersion } from '../../features/content/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { serverFieldOf } from '../../lib/server-field';

interface Values {
  latest: string;
  minSupported: string;
  downloadUrl: string;
  updateContent: string;
}
type Field = keyof Values;

const FIELD_LABELS: Record<Field, string> = {
  latest: '最新版本',
  minSupported: '最低支持版本',
  downloadUrl: '下载地址',
  updateContent: '更新说明',
};

const VERSION_FORMAT = '版本号由数字和点组成，如 1.2.0（最多 4 段）';
const { downloadUrl, updateContent } = appVersionPolicyInput.shape;

/** Why the server would refuse the values, field by field, in the words of the shared schema's checks. */
export function appVersionProblems(values: Partial<Values>): Partial<Record<Field, string>> {
  const v = {
    latest: (values.latest ?? '').trim(),
    minSupported: (values.minSupported ?? '').trim(),
    downloadUrl: (values.downloadUrl ?? '').trim(),
    updateContent: (values.updateContent ?? '').trim(),
  };
  const problems: Partial<Record<Field, string>> = {};
  const parsed = appVersionPolicyInput.safeParse(v);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (!field || problems[field]) continue;
    if (field === 'latest') problems.latest = v.latest ? VERSION_FORMAT : '请填写最新版本';
    else if (field === 'minSupported') {
      problems.minSupported = !v.minSupported
        ? '请填写最低支持版本'
        : !APP_VERSION_RE.test(v.minSupported)
          ? VERSION_FORMAT
          : '最低支持版本不能高于最新版本';
    } else if (field === 'downloadUrl') {
      problems.downloadUrl = v.downloadUrl
        ? '请填写以 https:// 开头的完整下载地址'
        : '最新版本高于 1.0.0 时必须填写下载地址，应用据此下载新版本';
    } else if (field === 'updateContent') {
      const problem = fieldProblem(updateContent, v.updateContent, { label: '更新说明' });
      if (problem) problems.updateContent = problem;
    }
  }
  return problems;
}

const trimmed = (v: Values): Values => ({
  latest: v.latest.trim(),
  minSupported: v.minSupported.trim(),
  downloadUrl: v.downloadUrl.trim(),
  updateContent: v.updateContent.trim(),
});

/** The native app shell's update policy: which versions must update, which are offered one, and where from. */
export function AppVersionPage() {
  const query = useAppVersionQuery();
  return (
    <>
      <PageHeader
        title="版本更新"
        subtitle="会员端应用（原生壳）启动时检查更新：低于「最低支持版本」的应用将被强制更新；低于「最新版本」的提示可选更新"
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <AppVersionForm key={query.dataUpdatedAt} stored={query.data} />
      ) : (
        <Card loading />
      )}
    </>
  );
}

function AppVersionForm({ stored }: { stored: AppVersionPolicy }) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveAppVersion();
  const [pending, setPending] = useState<Values | null>(null);
  const latest = Form.useWatch('latest', form) ?? stored.latest;
  const minSupported = Form.useWatch('minSupported', form) ?? stored.minSupported;

  const rule = (field: Field) => ({
    validator: () => {
      const problem = appVersionProblems(form.getFieldsValue(true) as Values)[field];
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });

  const finish = (values: Values) => {
    const next = trimmed(values);
    const before = trimmed(stored);
    if ((Object.keys(FIELD_LABELS) as Field[]).every((k) => next[k] === before[k])) {
      void message.info('没有修改任何内容');
      return;
    }
    setPending(next);
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      await save.mutateAsync(pending);
      void message.success('已保存版本更新策略');
    } catch (error) {
      const field = serverFieldOf(error);
      if (field && field in FIELD_LABELS) form.setFields([{ name: field as Field, errors: [errorText(error)] }]);
      void message.error(`未保存：${errorText(error)}`);
      setPending(null);
    }
  };

  const versionsOk = APP_VERSION_RE.test(latest.trim()) && APP_VERSION_RE.test(minSupported.trim());
  const raisedMinimum = pending !== null && compareVersions(pending.minSupported, stored.minSupported) > 0;

  return (
    <Row gutter={16}>
      <Col xs={24} xl={15}>
        <Card
          title="更新策略"
          extra={
            <Typography.Text type="secondary" data-testid="app-version-updated-at">
              {stored.updatedAt ? `上次保存 ${formatDateTime(stored.updatedAt)}` : '尚未保存过，当前为默认值'}
            </Typography.Text>
          }
        >
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={stored}
            onFinish={finish}
            data-testid="app-version-form"
          >
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item label="最新版本" name="latest" rules={[rule('latest')]} extra="低于此版本的应用提示可选更新">
                  <Input maxLength={32} placeholder="如 1.3.0" data-testid="app-version-latest" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label="最低支持版本"
                  name="minSupported"
                  dependencies={['latest']}
                  rules={[rule('minSupported')]}
                  extra="低于此版本的应用将被强制更新，更新前无法使用"
                >
                  <Input maxLength={32} placeholder="如 1.0.0" data-testid="app-version-min" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              label="下载地址"
              name="downloadUrl"
              dependencies={['latest']}
              rules={[rule('downloadUrl')]}
              extra="新版本安装包的 https 地址；最新版本高于 1.0.0 时必填"
            >
              <Input maxLength={fieldLimits(downloadUrl).max} placeholder="https://" data-testid="app-version-url" />
            </Form.Item>
            <Form.Item
              label="更新说明"
              name="updateContent"
              rules={[rule('updateContent')]}
              extra="纯文本，每行一段，显示在更新提示中"
            >
              <Input.TextArea
                rows={6}
                maxLength={fieldLimits(updateContent).max}
                showCount
                data-testid="app-version-content"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="app-version-submit">
              保存
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card title="会员端将看到" data-testid="app-version-preview">
          {versionsOk ? (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={`低于 ${minSupported.trim()}`}>
                <Typography.Text type="danger">强制更新</Typography.Text>
              </Descriptions.Item>
              {compareVersions(minSupported.trim(), latest.trim()) < 0 ? (
                <Descriptions.Item label={`${minSupported.trim()} 至 ${latest.trim()} 之前`}>
                  <Typography.Text type="warning">提示可选更新</Typography.Text>
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={`${latest.trim()} 及以上`}>
                <Typography.Text type="success">无更新提示</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">填写正确的版本号后在此显示各版本的更新方式</Typography.Text>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            浏览器中打开的会员端不检查更新。
          </Typography.Paragraph>
        </Card>
      </Col>
      <ConfirmModal
        open={pending !== null}
        title="确认保存版本更新策略？"
        okText="确认保存"
        okTestId="app-version-confirm-ok"
        width={640}
        danger={raisedMinimum}
        loading={save.isPending}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {raisedMinimum && pending ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={`版本低于 ${pending.minSupported} 的应用打开后必须先更新才能使用`}
          />
        ) : null}
        {pending ? (
          <Descriptions column={1} size="small" bordered data-testid="app-version-changes">
            {(Object.keys(FIELD_LABELS) as Field[])
              .filter((k) => pending[k] !== trimmed(stored)[k])
              .map((k) => (
                <Descriptions.Item key={k} label={FIELD_LABELS[k]}>
                  <Typography.Text delete type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                    {stored[k] || '（空）'}
                  </Typography.Text>
                  {' → '}
                  <Typography.Text strong style={{ whiteSpace: 'pre-wrap' }}>
                    {pending[k] || '（空）'}
                  </Typography.Text>
                </Descriptions.Item>
              ))}
          </Descriptions>
        ) : null}
      </ConfirmModal>
    </Row>
  );
}
