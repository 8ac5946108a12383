import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  App as AntApp,
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import {
  MAX_CONDITION_PHOTOS,
  conditionGrades,
  type AdminCondition,
  type ConditionGrade,
  type ConditionReport,
  type ConditionSubject,
} from '@antique/shared';
import { ImageListField, SingleImageField } from '../uploads/image-fields';
import { QueryError } from '../../components/query-error';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { serverFieldOf } from '../../lib/server-field';
import { GRADE_LABELS, useCondition, useSaveCondition } from './api';

interface Values {
  grade?: ConditionGrade;
  dimensions: string;
  weight: string;
  marks: string;
  repairs: string;
  notes: string;
  photos: string[];
  examinedAt?: Dayjs;
  hasCertificate: boolean;
  issuer: string;
  number: string;
  issuedOn?: Dayjs;
  picture?: string;
}

const valuesOf = (c: AdminCondition): Values => ({
  grade: c.condition?.grade,
  dimensions: c.condition?.dimensions ?? '',
  weight: c.condition?.weight ?? '',
  marks: c.condition?.marks ?? '',
  repairs: c.condition?.repairs ?? '',
  notes: c.condition?.notes ?? '',
  photos: c.condition?.photos ?? [],
  examinedAt: c.condition ? dayjs(c.condition.examinedAt) : undefined,
  hasCertificate: c.certificate !== null,
  issuer: c.certificate?.issuer ?? '',
  number: c.certificate?.number ?? '',
  issuedOn: c.certificate ? dayjs(c.certificate.date) : undefined,
  picture: c.certificate?.picture ?? undefined,
});

/** The server's names for the form's fields, where they differ. */
const FIELD_NAMES: Record<string, keyof Values> = {
  'certificate.issuer': 'issuer',
  'certificate.number': 'number',
  'certificate.date': 'issuedOn',
  'certificate.picture': 'picture',
};

const gradeOptions = conditionGrades.map((g) => ({ value: g, label: GRADE_LABELS[g] }));

/** Who examined the piece and when, as members read it. */
function Examined({ report }: { report: ConditionReport }) {
  return (
    <Typography.Text type="secondary" data-testid="condition-examined">
      {report.examinedBy} 于 {formatDateTime(report.examinedAt)} 鉴定 · 最近保存 {formatDateTime(report.updatedAt)}
    </Typography.Text>
  );
}

/**
 * 品相报告: the house's condition report and certificate of a product or a lot, as members read
 * them on its page. Saving makes the operator the examiner; a lot without its own shows its
 * product's, which the card says.
 */
export function ConditionCard({ subject, id }: { subject: ConditionSubject; id: number }) {
  const query = useCondition(subject, id);
  return (
    <Card
      title="品相报告"
      size="small"
      style={{ marginTop: 16 }}
      extra={
        <Typography.Text type="secondary">
          会员在{subject === 'lot' ? '拍品' : '商品'}页看到的品相与证书
        </Typography.Text>
      }
      data-testid="condition-card"
    >
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <ConditionForm key={query.dataUpdatedAt} subject={subject} id={id} stored={query.data} />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

function ConditionForm({ subject, id, stored }: { subject: ConditionSubject; id: number; stored: AdminCondition }) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveCondition(subject, id);
  const [error, setError] = useState<string | null>(null);
  const hasCertificate = Form.useWatch('hasCertificate', form) ?? stored.certificate !== null;
  const inherited = stored.inherited;

  const submit = async (v: Values) => {
    setError(null);
    try {
      await save.mutateAsync({
        grade: v.grade!,
        dimensions: v.dimensions.trim(),
        weight: v.weight.trim(),
        marks: v.marks.trim(),
        repairs: v.repairs.trim(),
        notes: v.notes.trim(),
        photos: v.photos,
        ...(v.examinedAt ? { examinedAt: v.examinedAt.valueOf() } : {}),
        certificate: v.hasCertificate
          ? {
              issuer: v.issuer.trim(),
              number: v.number.trim(),
              date: v.issuedOn!.format('YYYY-MM-DD'),
              picture: v.picture ?? null,
            }
          : null,
      });
      void message.success('已保存品相报告');
    } catch (e) {
      const field = serverFieldOf(e);
      const name = field ? (FIELD_NAMES[field] ?? (field.split('.')[0] as keyof Values)) : null;
      if (name && name in form.getFieldsValue(true)) form.setFields([{ name, errors: [errorText(e)] }]);
      setError(errorText(e));
    }
  };

  return (
    <>
      {subject === 'lot' && stored.condition === null && inherited ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="condition-inherited"
          title={
            inherited.condition
              ? `本拍品尚无自己的品相报告，会员现在看到的是商品的报告（${GRADE_LABELS[inherited.condition.grade]}，${inherited.condition.examinedBy} 鉴定）`
              : '本拍品及其商品都还没有品相报告'
          }
        />
      ) : null}
      {stored.condition ? (
        <div style={{ marginBottom: 12 }}>
          <Examined report={stored.condition} />
        </div>
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={valuesOf(stored)}
        onFinish={(v) => void submit(v)}
        disabled={save.isPending}
      >
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item label="品相等级" name="grade" rules={[{ required: true, message: '请选择品相等级' }]}>
              <Select options={gradeOptions} placeholder="选择等级" data-testid="condition-grade" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="尺寸" name="dimensions" rules={[{ max: 200 }]}>
              <Input placeholder="如 高 30cm，口径 8cm" data-testid="condition-dimensions" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="重量" name="weight" rules={[{ max: 100 }]}>
              <Input placeholder="如 1.2kg" data-testid="condition-weight" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="鉴定日期" name="examinedAt" extra="留空为保存时">
              <DatePicker
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                data-testid="condition-examined-at"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="款识" name="marks" rules={[{ max: 500 }]}>
              <Input.TextArea rows={2} placeholder="底款、铭文、印章等" data-testid="condition-marks" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="修复情况" name="repairs" rules={[{ max: 1000 }]}>
              <Input.TextArea rows={2} placeholder="如 无修复；颈部有补釉" data-testid="condition-repairs" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="品相说明" name="notes" rules={[{ max: 2000 }]}>
          <Input.TextArea rows={3} placeholder="釉面、磨损、冲线、窑裂等细节" data-testid="condition-notes" />
        </Form.Item>
        <Form.Item label={`品相照片（最多 ${MAX_CONDITION_PHOTOS} 张）`} name="photos">
          <ImageListField
            purpose="product"
            max={MAX_CONDITION_PHOTOS}
            inputTestId="condition-photos-input"
            testIdBase="condition-photo"
          />
        </Form.Item>
        <Form.Item label="有鉴定证书" name="hasCertificate" valuePropName="checked">
          <Switch data-testid="condition-has-certificate" />
        </Form.Item>
        {hasCertificate ? (
          <Row gutter={16} data-testid="condition-certificate">
            <Col span={8}>
              <Form.Item label="发证机构" name="issuer" rules={[{ required: true, whitespace: true, max: 100 }]}>
                <Input data-testid="certificate-issuer" />
              </Form.Item>
              <Form.Item label="证书编号" name="number" rules={[{ required: true, whitespace: true, max: 60 }]}>
                <Input data-testid="certificate-number" />
              </Form.Item>
              <Form.Item label="发证日期" name="issuedOn" rules={[{ required: true, message: '请选择发证日期' }]}>
                <DatePicker style={{ width: '100%' }} data-testid="certificate-date" />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item label="证书图片" name="picture">
                <SingleImageField
                  purpose="product"
                  inputTestId="certificate-picture-input"
                  testIdBase="certificate-picture"
                  width={160}
                  height={120}
                  placeholder="上传证书"
                />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
        {error ? (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="condition-error" />
        ) : null}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="condition-save">
            保存品相报告
          </Button>
        </Flex>
      </Form>
    </>
  );
}
