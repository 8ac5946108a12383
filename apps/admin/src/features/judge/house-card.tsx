import { useState } from 'react';
import { App as AntApp, Alert, Button, Card, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import type { HouseProfile } from '@antique/shared';
import { useSaveSettings, useSettingsQuery } from '../settings/api';
import { useCurrentOperator } from '../session/current-operator';
import { QueryError } from '../../components/query-error';
import { errorText } from '../../lib/error-text';

/** 关于本行 beside the contact page (the house's particulars are a section of the settings: the administrator saves). */
export function HouseSection() {
  const operator = useCurrentOperator();
  const query = useSettingsQuery();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Card loading title="关于本行" style={{ marginTop: 16 }} />;
  return <HouseCard key={query.dataUpdatedAt} stored={query.data.house} editable={operator.role === 'admin'} />;
}

/**
 * 关于本行: the house's company, licence, founding year and address, a section of the settings
 * that the about page (rule `about`, the login page's strip, GET /house) reads. Only the
 * administrator saves, as every setting.
 */
export function HouseCard({ stored, editable }: { stored: HouseProfile; editable: boolean }) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<HouseProfile>();
  const save = useSaveSettings();
  const [error, setError] = useState<string | null>(null);
  const thisYear = new Date().getFullYear();

  const submit = async (v: HouseProfile) => {
    setError(null);
    try {
      await save.mutateAsync({
        house: {
          company: v.company.trim(),
          licence: v.licence.trim(),
          foundedYear: v.foundedYear,
          address: v.address.trim(),
        },
      });
      void message.success('已保存本行信息');
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Card
      title="关于本行"
      style={{ marginTop: 16 }}
      extra={
        <Typography.Text type="secondary">
          登录页与“关于本行”页显示；近12个月成交数据由系统按拍品统计，页面文字在“规则”中编辑
        </Typography.Text>
      }
      data-testid="house-card"
    >
      <Form<HouseProfile>
        form={form}
        layout="vertical"
        initialValues={stored}
        disabled={!editable || save.isPending}
        onFinish={(v) => void submit(v)}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="公司名称" name="company" rules={[{ required: true, whitespace: true, max: 100 }]}>
              <Input data-testid="house-company" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="拍卖经营许可证号" name="licence" rules={[{ max: 100 }]}>
              <Input data-testid="house-licence" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="创立年份" name="foundedYear" rules={[{ required: true, message: '请填写创立年份' }]}>
              <InputNumber
                min={1900}
                max={thisYear}
                precision={0}
                style={{ width: '100%' }}
                data-testid="house-founded"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="地址" name="address" rules={[{ max: 200 }]}>
          <Input data-testid="house-address" />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
        {editable ? null : (
          <Typography.Paragraph type="secondary" data-testid="house-read-only">
            仅超级管理员可以修改本行信息
          </Typography.Paragraph>
        )}
        {editable ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="house-save">
            保存本行信息
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
