import { App as AntApp, Button, Card, Col, Divider, Form, Input, Row, type FormRule } from 'antd';
import { useEffect } from 'react';
import { contactBankFields, contactInput } from '@antique/shared';
import { PageHeader } from '../../components/page-header';
import { fieldLimits, schemaRules } from '../../components/schema-rules';
import { QueryError } from '../../components/query-error';
import { errorText } from '../../lib/error-text';
import { serverFieldOf } from '../../lib/server-field';
import { SingleImageField } from '../uploads/image-fields';
import { type Contact, useContactQuery, useSaveContact } from './api';

const BANK_PARTS = ['bankName', 'bankAccountName', 'bankAccountNo'];

/** Every field of the contact page and the bank account, as the contract checks them. */
const FIELDS = { ...contactInput.shape, ...contactBankFields };
const maxOf = (name: keyof typeof FIELDS) => fieldLimits(FIELDS[name]).max;

/** A bank, an account name and a number go together: members never see half an account. */
const togetherRule =
  (label: string): FormRule =>
  ({ getFieldValue }) => ({
    validator(_, value: unknown) {
      const filled = BANK_PARTS.some((part) => String(getFieldValue(part) ?? '').trim() !== '');
      if (filled && String(value ?? '').trim() === '') {
        return Promise.reject(new Error(`请填写${label}（开户银行、户名、账号须一起填写）`));
      }
      return Promise.resolve();
    },
  });

/** The member app's "contact us": how to reach the house, the WeChat QR code, and how to deposit and withdraw. */
export function ContactForm() {
  const { message } = AntApp.useApp();
  const query = useContactQuery();
  const save = useSaveContact();
  const [form] = Form.useForm<Contact>();

  useEffect(() => {
    if (query.data) form.setFieldsValue(query.data);
  }, [form, query.data]);

  const finish = async (values: Contact) => {
    const input = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : '']),
    ) as Contact;
    try {
      await save.mutateAsync(input);
      void message.success('已保存联系方式');
    } catch (error) {
      const field = serverFieldOf(error);
      if (field) form.setFields([{ name: field as keyof Contact, errors: [errorText(error)] }]);
      else void message.error(errorText(error));
    }
  };

  return (
    <>
      <PageHeader title="联系我们" subtitle="会员端“联系我们”页面；备注用于告诉新会员如何充值与提现" />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card loading={query.isPending}>
          <Form<Contact> form={form} layout="vertical" onFinish={(v) => void finish(v)} data-testid="contact-form">
            <Row gutter={24}>
              <Col span={12}>
                <Form.Item
                  label="客服电话"
                  name="phone"
                  {...schemaRules(FIELDS.phone, { label: '客服电话', invalid: '电话只能包含数字、空格、+、-、括号' })}
                >
                  <Input maxLength={maxOf('phone')} placeholder="400-820-1688" data-testid="contact-phone" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="微信客服号" name="wechat">
                  <Input maxLength={maxOf('wechat')} data-testid="contact-wechat" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label="客服邮箱"
                  name="email"
                  {...schemaRules(FIELDS.email, { label: '客服邮箱', invalid: '邮箱格式不正确' })}
                >
                  <Input maxLength={maxOf('email')} data-testid="contact-email" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="服务时间" name="serviceHours">
                  <Input
                    maxLength={maxOf('serviceHours')}
                    placeholder="周一至周日 9:00–21:00"
                    data-testid="contact-service-hours"
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item label="联系地址" name="address">
                  <Input maxLength={maxOf('address')} data-testid="contact-address" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="微信二维码" name="qrCode" extra="会员长按保存或识别">
                  <SingleImageField
                    purpose="content"
                    inputTestId="contact-qr-input"
                    testIdBase="contact-qr"
                    width={140}
                    height={140}
                    placeholder="上传二维码"
                  />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item
                  label="充值与提现说明"
                  name="notes"
                  extra="每行一段：如何转账充值（对公账户、附言手机号、财务入账）与如何提现（仅提至本人名下账户）"
                >
                  <Input.TextArea rows={8} maxLength={maxOf('notes')} showCount data-testid="contact-notes" />
                </Form.Item>
              </Col>
            </Row>
            <Divider titlePlacement="start" plain>
              收款银行账户（会员“充值”页显示，可一键复制）
            </Divider>
            <Row gutter={24}>
              <Col span={8}>
                <Form.Item
                  label="开户银行"
                  name="bankName"
                  dependencies={BANK_PARTS}
                  rules={[togetherRule('开户银行')]}
                >
                  <Input
                    maxLength={maxOf('bankName')}
                    placeholder="中国工商银行上海南京东路支行"
                    data-testid="contact-bank-name"
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="户名" name="bankAccountName" dependencies={BANK_PARTS} rules={[togetherRule('户名')]}>
                  <Input
                    maxLength={maxOf('bankAccountName')}
                    placeholder="上海拾古拍卖有限公司"
                    data-testid="contact-bank-account-name"
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  label="账号"
                  name="bankAccountNo"
                  dependencies={BANK_PARTS}
                  rules={[
                    togetherRule('账号'),
                    ...schemaRules(FIELDS.bankAccountNo, { label: '账号', invalid: '账号只能包含数字和空格' }).rules,
                  ]}
                >
                  <Input
                    maxLength={maxOf('bankAccountNo')}
                    placeholder="1001 2345 6789 0123 456"
                    data-testid="contact-bank-account-no"
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  label="转账说明"
                  name="bankNotes"
                  extra="每行一段：转账附言填写什么（如注册手机号）、多久入账、入账后在哪里查看"
                >
                  <Input.TextArea rows={4} maxLength={maxOf('bankNotes')} showCount data-testid="contact-bank-notes" />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="contact-submit">
              保存
            </Button>
          </Form>
        </Card>
      )}
    </>
  );
}
