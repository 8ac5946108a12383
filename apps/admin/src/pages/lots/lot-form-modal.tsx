import { App as AntApp, Col, Form, Input, Row } from 'antd';
import { useNavigate } from 'react-router';
import { FormModal } from '../../components/form-modal/form-modal';
import { YuanInput } from '../../components/yuan-input';
import { type HouseLotInput, useCreateLot } from '../../features/auctions/api';
import {
  LotScheduleFields,
  type LotScheduleValues,
  scheduleToInput,
} from '../../features/auctions/lot-schedule-fields';
import { lotPriceProblem, requiredPriceRule, yuanToFen } from '../../features/auctions/yuan-rules';
import { textToHtml } from '../../features/auctions/text-to-html';
import { ImageListField } from '../../features/uploads/image-fields';

export const MAX_LOT_IMAGES = 9;
/** houseLotInput's limit on the description as sent (HTML). */
const DESCRIPTION_MAX = 5000;

export interface LotFormValues extends LotScheduleValues {
  title: string;
  images: string[];
  description: string;
  era: string;
  material: string;
  dimensions: string;
  /** Yuan as typed. */
  startPrice: string;
  reservePrice: string;
}

const EMPTY: LotFormValues = {
  title: '',
  images: [],
  description: '',
  era: '',
  material: '',
  dimensions: '',
  startPrice: '',
  reservePrice: '',
  startsAt: null,
  endsAt: null,
  sessionId: undefined,
};

/** The wire input from validated values: yuan to fen, text trimmed, empty optionals left out. */
export function lotValuesToInput(v: LotFormValues): HouseLotInput {
  const optional = (text: string | undefined) => {
    const t = (text ?? '').trim();
    return t === '' ? undefined : t;
  };
  const reserve = (v.reservePrice ?? '').trim();
  return {
    title: v.title.trim(),
    images: v.images,
    description: textToHtml(v.description ?? ''),
    era: optional(v.era),
    material: optional(v.material),
    dimensions: optional(v.dimensions),
    startPrice: yuanToFen(v.startPrice),
    reservePrice: reserve === '' ? undefined : yuanToFen(reserve),
    ...scheduleToInput(v),
  };
}

const maxText =
  (max: number, label: string, required = false) =>
  (_: unknown, value: string | undefined) => {
    const text = (value ?? '').trim();
    if (required && text === '') return Promise.reject(new Error(`请填写${label}`));
    return text.length > max ? Promise.reject(new Error(`${label}不能超过 ${max} 个字`)) : Promise.resolve();
  };

/** A house lot: the house's own piece put up for auction (its holding is created with it). */
export function LotFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const create = useCreateLot();

  const submit = async (values: LotFormValues) => {
    const lot = await create.mutateAsync(lotValuesToInput(values));
    void message.success(`已创建拍品「${lot.title}」`);
    onClose();
    void navigate(`/lots/${lot.id}`);
  };

  return (
    <FormModal<LotFormValues>
      open={open}
      title="新建平台拍品"
      width={820}
      initialValues={EMPTY}
      onSubmit={submit}
      onClose={onClose}
      okText="创建拍品"
      okTestId="lot-submit"
    >
      <Form.Item label="拍品名称" name="title" required rules={[{ validator: maxText(60, '拍品名称', true) }]}>
        <Input maxLength={60} showCount placeholder="如：清乾隆 青花缠枝莲纹梅瓶" data-testid="lot-title" />
      </Form.Item>
      <Form.Item
        label="图片"
        name="images"
        required
        rules={[
          {
            validator: (_, v: string[] | undefined) =>
              (v ?? []).length === 0 ? Promise.reject(new Error('请至少上传 1 张图片')) : Promise.resolve(),
          },
        ]}
        extra="第 1 张为封面"
      >
        <ImageListField purpose="product" max={MAX_LOT_IMAGES} inputTestId="lot-images-input" testIdBase="lot-image" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item label="年代" name="era" rules={[{ validator: maxText(40, '年代') }]}>
            <Input maxLength={40} placeholder="如：清乾隆" data-testid="lot-era" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="材质" name="material" rules={[{ validator: maxText(40, '材质') }]}>
            <Input maxLength={40} placeholder="如：瓷" data-testid="lot-material" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="尺寸" name="dimensions" rules={[{ validator: maxText(60, '尺寸') }]}>
            <Input maxLength={60} placeholder="如：高 32 cm，口径 6 cm" data-testid="lot-dimensions" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="拍品介绍"
        name="description"
        rules={[
          {
            validator: (_, v: string | undefined) =>
              textToHtml(v ?? '').length > DESCRIPTION_MAX
                ? Promise.reject(new Error('拍品介绍过长，请删减（排版后不能超过 5000 个字符）'))
                : Promise.resolve(),
          },
        ]}
        extra="纯文字，每行成为一段；会员端按段落显示"
      >
        <Input.TextArea
          rows={4}
          maxLength={DESCRIPTION_MAX}
          showCount
          placeholder="器型、纹饰、品相、来源等"
          data-testid="lot-description"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="起拍价（元）" name="startPrice" required rules={[requiredPriceRule('起拍价')]}>
            <YuanInput placeholder="0.00" maxLength={20} data-testid="lot-start-price" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="保留价（元，可不填）"
            name="reservePrice"
            dependencies={['startPrice']}
            extra="不公开；成交价未达保留价则流拍"
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) => {
                  if ((value ?? '').trim() === '') return Promise.resolve();
                  const problem = lotPriceProblem(value, '保留价');
                  if (problem) return Promise.reject(new Error(problem));
                  const start = getFieldValue('startPrice') as string | undefined;
                  if (lotPriceProblem(start, '起拍价') === null && yuanToFen(value ?? '') < yuanToFen(start ?? ''))
                    return Promise.reject(new Error('保留价不能低于起拍价'));
                  return Promise.resolve();
                },
              }),
            ]}
          >
            <YuanInput placeholder="不设保留价" maxLength={20} data-testid="lot-reserve-price" />
          </Form.Item>
        </Col>
      </Row>
      <LotScheduleFields testIdBase="lot" />
    </FormModal>
  );
}
