import { useState } from 'react';
import { App as AntApp, Button, Card, Flex, Form, Input, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { LeaveGuardModal, useLeaveGuard } from '../../components/leave-guard';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { ruleInput, unknownRulePlaceholders } from '@antique/shared';
import { fieldLimits, schemaRules } from '../../components/schema-rules';
import { type AdminRule, RULE_LABELS, useRuleQuery, useSaveRule } from '../../features/content/api';
import { RulePlaceholders } from '../../features/content/rule-placeholders';
import { RichTextField } from '../../features/rich-text/rich-text-field';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { serverFieldOf } from '../../lib/server-field';

const { title, content } = ruleInput.shape;

/** A placeholder the server cannot fill would reach members as written: said by name. */
const unknownPlaceholders = (v: unknown) =>
  `无法识别的占位符：${unknownRulePlaceholders(String(v))
    .map((k) => `{{${k}}}`)
    .join('、')}，请使用下方列出的占位符`;

interface Values {
  title: string;
  content: string;
}

const labelOf = (id: string) => RULE_LABELS[id as keyof typeof RULE_LABELS] ?? id;

/** `/rules/:id`: a rule's title and text in the rich-text editor; leaving with unsaved changes asks first. */
export function RuleEditPage() {
  const id = useParams().id ?? '';
  const query = useRuleQuery(id);
  const back = (
    <Link to="/rules">
      <ArrowLeftOutlined /> 返回规则列表
    </Link>
  );
  return (
    <>
      <div style={{ marginBottom: 12 }}>{back}</div>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data && query.isFetchedAfterMount ? (
        <RuleForm key={query.data.updatedAt} rule={query.data} />
      ) : (
        <Card loading />
      )}
    </>
  );
}

function RuleForm({ rule }: { rule: AdminRule }) {
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const save = useSaveRule();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const { blocker, release } = useLeaveGuard(dirty);
  const label = labelOf(rule.id);

  const finish = async (values: Values) => {
    try {
      const saved = await save.mutateAsync({ id: rule.id, title: values.title.trim(), content: values.content });
      release();
      setDirty(false);
      void message.success(`已保存「${saved.title}」`);
      void navigate('/rules');
    } catch (error) {
      const field = serverFieldOf(error);
      if (field === 'title' || field === 'content') form.setFields([{ name: field, errors: [errorText(error)] }]);
      else void message.error(errorText(error));
    }
  };

  return (
    <>
      <PageHeader
        title={`编辑${label}`}
        subtitle={
          <>
            <Tag>{rule.id}</Tag>最近修改 {formatDateTime(rule.updatedAt)} · 保存后会员端立即显示新内容
          </>
        }
      />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ title: rule.title, content: rule.content }}
        onValuesChange={(_, all) => setDirty(all.title !== rule.title || all.content !== rule.content)}
        onFinish={(v) => void finish(v)}
        data-testid="rule-form"
      >
        <Card>
          <Form.Item label="标题" name="title" {...schemaRules(title, { label: '标题' })}>
            <Input maxLength={fieldLimits(title).max} showCount data-testid="rule-title" />
          </Form.Item>
          <Form.Item
            label="正文"
            name="content"
            {...schemaRules(content, { label: '正文', invalid: unknownPlaceholders })}
          >
            <RichTextField testId="rule-editor" />
          </Form.Item>
        </Card>
        <RulePlaceholders />
        <Card size="small" className="form-actions">
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => void navigate('/rules')} disabled={save.isPending}>
              取消
            </Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="rule-submit">
              保存
            </Button>
          </Flex>
        </Card>
      </Form>
      <LeaveGuardModal blocker={blocker} />
    </>
  );
}
