import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert, App as AntApp, Col, Form, Input, Row, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatFen, houseLotInput, parseYuan } from '@antique/shared';
import { FormModal, useFormModal } from '../../components/form-modal/form-modal';
import { boundOf, fieldLimits, fieldProblem, schemaRules } from '../../components/schema-rules';
import { YuanInput, yuanToFen } from '../../components/yuan-input';
import {
  type AdminProduct,
  type HouseLotInput,
  PIECE_NOT_AVAILABLE,
  auctionKeys,
  useCreateLot,
} from '../../features/auctions/api';
import {
  LotScheduleFields,
  type LotScheduleValues,
  scheduleToInput,
} from '../../features/auctions/lot-schedule-fields';
import { PieceSelect, PieceSummary } from '../../features/auctions/piece-select';
import { RichTextField } from '../../features/rich-text/rich-text-field';
import { ImageListField } from '../../features/uploads/image-fields';
import { ApiError } from '../../lib/request';

/** houseLotInput's fields: every rule and limit of the form is read from them. */
const shape = houseLotInput.shape;
const MAX_LOT_IMAGES = boundOf(shape.images, 'max');

export interface LotFormValues extends LotScheduleValues {
  /** The product one unit of which the lot is made from. */
  productId?: number;
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

const EMPTY: Partial<LotFormValues> = {
  productId: undefined,
  startPrice: '',
  reservePrice: '',
  startsAt: null,
  endsAt: null,
  sessionId: undefined,
};

type Particulars = Pick<LotFormValues, 'title' | 'images' | 'description' | 'era' | 'material' | 'dimensions'>;

/** What a product lends its lot, as the form edits it (the description as its rich text). */
export function pieceParticulars(p: AdminProduct): Particulars {
  return {
    title: p.title.slice(0, fieldLimits(shape.title).max),
    images: (p.images.length > 0 ? p.images : [p.cover]).slice(0, MAX_LOT_IMAGES),
    description: p.description,
    era: p.era,
    material: p.material,
    dimensions: p.dimensions,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The wire input from validated values: yuan to fen, text trimmed, and of the piece's
 * particulars only what the operator changed (the server takes the product's for the rest,
 * the description with its formatting intact).
 */
export function lotValuesToInput(v: LotFormValues, piece: AdminProduct): HouseLotInput {
  const from = pieceParticulars(piece);
  const text = (t: string | undefined) => (t ?? '').trim();
  const title = text(v.title);
  const images = v.images ?? [];
  const description = v.description ?? '';
  const reserve = text(v.reservePrice);
  const changed = (key: 'era' | 'material' | 'dimensions') =>
    text(v[key]) !== from[key] ? { [key]: text(v[key]) } : {};
  return {
    productId: piece.id,
    ...(title !== from.title ? { title } : {}),
    ...(!sameList(images, from.images) ? { images } : {}),
    ...(description !== from.description ? { description } : {}),
    ...changed('era'),
    ...changed('material'),
    ...changed('dimensions'),
    startPrice: yuanToFen(v.startPrice),
    ...(reserve === '' ? {} : { reservePrice: yuanToFen(reserve) }),
    ...scheduleToInput(v),
  };
}

const isPieceGone = (e: unknown) => e instanceof ApiError && e.reason === PIECE_NOT_AVAILABLE;

/**
 * The piece first: choosing it fills the particulars from the product (each editable);
 * the rest of the form shows once a piece is chosen. A piece someone else just took is
 * said at the picker.
 */
function PieceField({
  piece,
  gone,
  onPiece,
}: {
  piece: AdminProduct | undefined;
  gone: AdminProduct | undefined;
  onPiece: (p: AdminProduct | undefined) => void;
}) {
  const { values, setFieldValue } = useFormModal<LotFormValues>();
  const taken = gone !== undefined && values.productId === gone.id;
  // The operator clicked 创建拍品 at the foot of a long form: bring the news to the top of it.
  const goneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (taken) goneRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [taken]);
  const pick = (p: AdminProduct | undefined) => {
    onPiece(p);
    if (!p) return;
    for (const [name, value] of Object.entries(pieceParticulars(p))) setFieldValue(name, value);
  };
  return (
    <>
      <Form.Item
        label="上拍藏品"
        name="productId"
        required
        validateStatus={taken ? 'error' : undefined}
        help={taken ? '这件藏品已没有可上拍的库存，请重新选择' : undefined}
        extra="拍品由平台库存中的一件藏品生成（商城在售或未上架的均可）；选择后带入名称、图片、介绍与年代、材质、尺寸，均可修改"
        rules={[
          {
            validator: (_, id: number | undefined) =>
              id === undefined
                ? Promise.reject(new Error('请选择要上拍的藏品'))
                : gone?.id === id
                  ? Promise.reject(new Error('这件藏品已没有可上拍的库存，请重新选择'))
                  : Promise.resolve(),
          },
        ]}
      >
        <PieceSelect onPick={pick} chosen={piece} status={taken ? 'error' : undefined} testId="lot-piece" />
      </Form.Item>
      {taken ? (
        <div ref={goneRef}>
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="lot-piece-gone"
            title={`「${gone.title}」刚刚已没有可上拍的库存`}
            description="最后一件可能刚被其他拍品选用、在商城售出或被待付款订单占用，拍品没有创建。请重新选择藏品，已填写的价格与时间会保留。"
          />
        </div>
      ) : null}
      {piece && !taken ? (
        <div
          style={{ marginBottom: 16, padding: 12, background: '#fafafa', borderRadius: 6 }}
          data-testid="lot-piece-chosen"
        >
          <PieceSummary product={piece} />
          {piece.provenance ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 6 }}>
              传承来源：{piece.provenance}（随藏品带入拍品）
            </Typography.Text>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/**
 * The rest of the form, shown once a piece is chosen. Mounted from the start, so choosing a
 * piece fills fields that exist (a field mounted later, or remounted, would start empty).
 */
function WhenPieceChosen({ children }: { children: ReactNode }) {
  const { values } = useFormModal<LotFormValues>();
  return <div style={values.productId === undefined ? { display: 'none' } : undefined}>{children}</div>;
}

/** A house lot: one unit of the house's inventory put up for auction. */
export function LotFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateLot();
  const [piece, setPiece] = useState<AdminProduct | undefined>();
  const [gone, setGone] = useState<AdminProduct | undefined>();
  const prefill = piece ? pieceParticulars(piece) : undefined;

  const close = () => {
    setPiece(undefined);
    setGone(undefined);
    onClose();
  };

  const submit = async (values: LotFormValues) => {
    if (!piece) return;
    try {
      const lot = await create.mutateAsync(lotValuesToInput(values, piece));
      void message.success(`已创建拍品「${lot.title}」`);
      close();
      void navigate(`/lots/${lot.id}`);
    } catch (e) {
      if (isPieceGone(e)) {
        setGone(piece);
        // The picker reads the stock again: the piece now shows why it cannot be chosen.
        void queryClient.invalidateQueries({ queryKey: [...auctionKeys.all, 'pieces'] });
      }
      throw e;
    }
  };

  return (
    <FormModal<LotFormValues>
      open={open}
      title="新建平台拍品"
      width={820}
      initialValues={EMPTY}
      onSubmit={submit}
      onClose={close}
      okText="创建拍品"
      okTestId="lot-submit"
    >
      <PieceField piece={piece} gone={gone} onPiece={setPiece} />
      <WhenPieceChosen>
        <Form.Item
          label="拍品名称"
          name="title"
          {...schemaRules(shape.title, { label: '拍品名称', required: '请填写拍品名称' })}
        >
          <Input
            maxLength={fieldLimits(shape.title).max}
            showCount
            placeholder="如：清乾隆 青花缠枝莲纹梅瓶"
            data-testid="lot-title"
          />
        </Form.Item>
        <Form.Item
          label="图片"
          name="images"
          {...schemaRules(shape.images, {
            label: '图片',
            unit: '张',
            required: `请至少上传 ${boundOf(shape.images, 'min')} 张图片`,
          })}
          extra="第 1 张为封面"
        >
          <ImageListField
            purpose="product"
            max={MAX_LOT_IMAGES}
            inputTestId="lot-images-input"
            testIdBase="lot-image"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="年代" name="era" {...schemaRules(shape.era, { label: '年代' })}>
              <Input maxLength={fieldLimits(shape.era).max} placeholder="如：清乾隆" data-testid="lot-era" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="材质" name="material" {...schemaRules(shape.material, { label: '材质' })}>
              <Input maxLength={fieldLimits(shape.material).max} placeholder="如：瓷" data-testid="lot-material" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="尺寸" name="dimensions" {...schemaRules(shape.dimensions, { label: '尺寸' })}>
              <Input
                maxLength={fieldLimits(shape.dimensions).max}
                placeholder="如：高 32 cm，口径 6 cm"
                data-testid="lot-dimensions"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="拍品介绍"
          name="description"
          rules={[
            {
              // The piece's own text, left as it is, goes as the product's (which may be longer).
              validator: (_, v: string | undefined) => {
                const problem =
                  v === prefill?.description
                    ? null
                    : fieldProblem(shape.description, v, { label: '拍品介绍', unit: '个字符（含排版）' });
                return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
              },
            },
          ]}
          extra="会员端拍品页显示；未修改时沿用藏品原介绍"
        >
          <RichTextField testId="lot-editor" textTestId="lot-description" purpose="product" minHeight={160} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="起拍价（元）"
              name="startPrice"
              {...schemaRules(shape.startPrice, { label: '起拍价', yuan: true })}
              extra={
                piece
                  ? `参考：商城售价 ${formatFen(piece.price)}，市场参考价 ${formatFen(piece.marketPrice)}`
                  : undefined
              }
            >
              <YuanInput placeholder="0.00" data-testid="lot-start-price" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="保留价（元，可不填）"
              name="reservePrice"
              dependencies={['startPrice']}
              extra="不公开；成交价未达保留价则流拍"
              rules={[
                ...schemaRules(shape.reservePrice, { label: '保留价', yuan: true }).rules,
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    const reserve = parseYuan(value ?? '');
                    const start = parseYuan((getFieldValue('startPrice') as string | undefined) ?? '');
                    return reserve !== null && start !== null && reserve < start
                      ? Promise.reject(new Error('保留价不能低于起拍价'))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <YuanInput placeholder="不设保留价" data-testid="lot-reserve-price" />
            </Form.Item>
          </Col>
        </Row>
        <LotScheduleFields testIdBase="lot" />
      </WhenPieceChosen>
    </FormModal>
  );
}
