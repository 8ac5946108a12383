import { Alert, App as AntApp, AutoComplete, Form, Input, Typography } from 'antd';
import { shipInput } from '@antique/shared';
import { FormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, schemaRules } from '../../components/schema-rules';
import { type AdminPick, useShipPick } from '../../features/custody/api';
import { addressText } from './pick-columns';

const CARRIERS = ['顺丰速运', '京东物流', '中国邮政 EMS', '中通快递', '圆通速递', '韵达快递', '申通快递', '德邦快递'];
const { carrier, trackingNo } = shipInput.shape;
const TRACKING_NO = fieldLimits(trackingNo);

interface Values {
  carrier: string;
  trackingNo: string;
}

/** Records the carrier and tracking number of a pending pick-up; the member is told. */
export function ShipModal({ pick, onClose }: { pick: AdminPick | null; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const ship = useShipPick();

  const submit = async (values: Values) => {
    if (!pick) return;
    const input = { id: pick.id, carrier: values.carrier.trim(), trackingNo: values.trackingNo.trim() };
    await ship.mutateAsync(input);
    void message.success(`提货单 #${pick.id} 已发货：${input.carrier} ${input.trackingNo}`);
    onClose();
  };

  return (
    <FormModal<Values>
      open={pick !== null}
      title={pick ? `发货 · 提货单 #${pick.id}` : '发货'}
      width={560}
      initialValues={{ carrier: '', trackingNo: '' }}
      onSubmit={submit}
      onClose={onClose}
      okText="确认发货"
      okTestId="pick-ship-submit"
    >
      {pick ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`寄往 ${pick.address.name} ${pick.address.phone}`}
          description={
            <>
              <div>{addressText(pick.address)}</div>
              <Typography.Text type="secondary">
                共 {pick.holdings.length} 件：{pick.holdings.map((h) => `${h.title}（#${h.id}）`).join('、')}
              </Typography.Text>
            </>
          }
        />
      ) : null}
      <Form.Item
        label="快递公司"
        name="carrier"
        {...schemaRules(carrier, { label: '快递公司', required: '请填写快递公司' })}
      >
        <AutoComplete
          options={CARRIERS.map((c) => ({ value: c }))}
          placeholder="选择或输入快递公司"
          showSearch={{ filterOption: (input, option) => (option?.value ?? '').includes(input) }}
        >
          <Input maxLength={fieldLimits(carrier).max} data-testid="pick-carrier" />
        </AutoComplete>
      </Form.Item>
      <Form.Item
        label="运单号"
        name="trackingNo"
        {...schemaRules(trackingNo, {
          label: '运单号',
          required: '请填写运单号',
          rule: `运单号为 ${TRACKING_NO.min} 至 ${TRACKING_NO.max} 位字母、数字或连字符`,
        })}
        extra="会员将收到发货通知，可凭运单号查询物流"
      >
        <Input maxLength={TRACKING_NO.max} placeholder="如：SF1234567890123" data-testid="pick-tracking-no" />
      </Form.Item>
    </FormModal>
  );
}
