import { useRef, useState } from 'react';
import {
  App as AntApp,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import type { Rule } from 'antd/es/form';
import { type AdminProduct, type Category, type ProductInput, formatFen, parseYuan } from '@antique/shared';
import { ImageListField, SingleImageField } from '../../features/uploads/image-fields';
import { YuanInput, fenToYuanText } from '../../components/yuan-input';
import { categoryOptions } from '../../features/catalogue/api';
import { IMAGE_ACCEPT, imageFileProblem, uploadImage } from '../../features/uploads/upload-image';
import { errorText } from '../../lib/error-text';
import { serverFieldOf } from '../../lib/server-field';
import { sanitizeHtml } from '@antique/shared/sanitize-html';

/** productInput's limits (packages/shared mall.schema.ts). */
export const MAX_PRICE_FEN = 10_000_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_IMAGES = 9;
const MAX_TAGS = 5;

export interface ProductFormValues {
  title: string;
  categoryId?: number;
  cover: string;
  images: string[];
  /** Yuan as typed. */
  price: string;
  marketPrice: string;
  stock: number | null;
  description: string;
  era: string;
  material: string;
  dimensions: string;
  provenance: string;
  tags: string[];
  onSale: boolean;
}

export function productToValues(p?: AdminProduct): ProductFormValues {
  if (!p) {
    return {
      title: '',
      categoryId: undefined,
      cover: '',
      images: [],
      price: '',
      marketPrice: '',
      stock: 1,
      description: '',
      era: '',
      material: '',
      dimensions: '',
      provenance: '',
      tags: [],
      onSale: false,
    };
  }
  return {
    title: p.title,
    categoryId: p.categoryId,
    cover: p.cover,
    images: [...p.images],
    price: fenToYuanText(p.price),
    marketPrice: fenToYuanText(p.marketPrice),
    stock: p.stock,
    description: p.description,
    era: p.era,
    material: p.material,
    dimensions: p.dimensions,
    provenance: p.provenance,
    tags: [...p.tags],
    onSale: p.onSale,
  };
}

/** The wire input from validated form values: yuan become integer fen, text is trimmed. */
export function valuesToInput(v: ProductFormValues): ProductInput {
  const fen = (text: string) => {
    const n = parseYuan(text);
    if (n === null) throw new Error(`not an amount: ${text}`);
    return n;
  };
  return {
    title: v.title.trim(),
    categoryId: v.categoryId ?? 0,
    cover: v.cover,
    images: v.images,
    price: fen(v.price),
    marketPrice: fen(v.marketPrice),
    stock: v.stock ?? 0,
    description: v.description ?? '',
    era: (v.era ?? '').trim(),
    material: (v.material ?? '').trim(),
    dimensions: (v.dimensions ?? '').trim(),
    provenance: (v.provenance ?? '').trim(),
    tags: (v.tags ?? []).map((t) => t.trim()).filter((t) => t !== ''),
    onSale: v.onSale,
  };
}

/** Why a typed price is not one productInput accepts; null when it is. */
export function priceProblem(text: string | undefined, what: string): string | null {
  if (!text || text.trim() === '') return `请输入${what}`;
  const fen = parseYuan(text);
  if (fen === null) return `${what}格式不正确：请输入数字，最多两位小数`;
  if (fen <= 0) return `${what}必须大于 0`;
  if (fen > MAX_PRICE_FEN) return `${what}不能超过 ${formatFen(MAX_PRICE_FEN)}`;
  return null;
}

const maxText = (max: number, label: string): Rule => ({
  validator: (_, value: string | undefined) =>
    (value ?? '').trim().length > max ? Promise.reject(new Error(`${label}不能超过 ${max} 个字`)) : Promise.resolve(),
});

const priceRule =
  (what: string): Rule =>
  () => ({
    validator: (_, value: string | undefined) => {
      const problem = priceProblem(value, what);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });

const FIELD_NAMES = new Set<string>([
  'title',
  'categoryId',
  'cover',
  'images',
  'price',
  'marketPrice',
  'stock',
  'description',
  'era',
  'material',
  'dimensions',
  'provenance',
  'tags',
  'onSale',
]);

/** The form field a 400 names in `data.field`, when it is one of ours. */
function serverField(error: unknown): keyof ProductFormValues | null {
  const name = serverFieldOf(error)?.split('.')[0] ?? '';
  return FIELD_NAMES.has(name) ? (name as keyof ProductFormValues) : null;
}

const SNIPPETS: { label: string; open: string; close: string; fallback: string }[] = [
  { label: '段落', open: '<p>', close: '</p>', fallback: '段落文字' },
  { label: '小标题', open: '<h3>', close: '</h3>', fallback: '小标题' },
  { label: '加粗', open: '<strong>', close: '</strong>', fallback: '加粗文字' },
  { label: '列表', open: '<ul>\n  <li>', close: '</li>\n</ul>', fallback: '列表项' },
];

interface Props {
  initial?: AdminProduct;
  categories: readonly Category[];
  /** Resolves when saved; a rejection's message is shown, on its field when the server names one. */
  onSubmit: (input: ProductInput) => Promise<unknown>;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Every field of productInput. Prices are typed in yuan and sent in fen; the description
 * is HTML, edited as text beside a preview sanitised the way the member app shows it.
 */
export function ProductForm({ initial, categories, onSubmit, onCancel, onDirtyChange }: Props) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<ProductFormValues>();
  const [saving, setSaving] = useState(false);
  const [uploadingInline, setUploadingInline] = useState(false);
  const description = Form.useWatch('description', form) ?? '';
  const cover = Form.useWatch('cover', form);
  const textArea = useRef<TextAreaRef>(null);
  const inlineImageInput = useRef<HTMLInputElement>(null);

  const finish = async (values: ProductFormValues) => {
    if (saving) return;
    setSaving(true);
    try {
      await onSubmit(valuesToInput(values));
      onDirtyChange?.(false);
    } catch (error) {
      const field = serverField(error);
      if (field) {
        form.setFields([{ name: field, errors: [errorText(error)] }]);
        form.scrollToField(field);
      }
      void message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  /** Wraps the selection (or a placeholder) in a snippet at the cursor of the description. */
  const insert = (open: string, close: string, fallback: string) => {
    const el = textArea.current?.resizableTextArea?.textArea;
    const text: string = form.getFieldValue('description') ?? '';
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const inner = text.slice(start, end) || fallback;
    const next = text.slice(0, start) + open + inner + close + text.slice(end);
    form.setFieldValue('description', next);
    onDirtyChange?.(true);
    void form.validateFields(['description']);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + open.length, start + open.length + inner.length);
    });
  };

  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      void message.error(problem);
      return;
    }
    setUploadingInline(true);
    try {
      const url = await uploadImage(file, 'product');
      const el = textArea.current?.resizableTextArea?.textArea;
      const text: string = form.getFieldValue('description') ?? '';
      const at = el?.selectionEnd ?? text.length;
      const alt = String(form.getFieldValue('title') ?? '').replace(/[<>"&]/g, '');
      const snippet = `<p><img src="${url.replace(/"/g, '&quot;')}" alt="${alt}"></p>\n`;
      form.setFieldValue('description', text.slice(0, at) + snippet + text.slice(at));
      onDirtyChange?.(true);
      void form.validateFields(['description']);
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setUploadingInline(false);
    }
  };

  return (
    <Form<ProductFormValues>
      form={form}
      layout="vertical"
      initialValues={productToValues(initial)}
      onFinish={(values) => void finish(values)}
      onFinishFailed={() => void message.error('请检查标红的项目')}
      onValuesChange={(changed: Partial<ProductFormValues>, all) => {
        onDirtyChange?.(true);
        // The first picture becomes the cover unless one was chosen.
        if (changed.images && !all.cover && changed.images[0]) form.setFieldValue('cover', changed.images[0]);
      }}
      scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
      requiredMark
      data-testid="product-form"
    >
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card title="基本信息" style={{ marginBottom: 16 }}>
            <Form.Item
              label="商品名称"
              name="title"
              required
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    const t = (value ?? '').trim();
                    if (t === '') return Promise.reject(new Error('请输入商品名称'));
                    if (t.length < 2 || t.length > 60) return Promise.reject(new Error('商品名称为 2 至 60 个字'));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input maxLength={60} showCount placeholder="如：清乾隆 青花缠枝莲纹梅瓶" data-testid="product-title" />
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item label="商品分类" name="categoryId" rules={[{ required: true, message: '请选择商品分类' }]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={categories.length === 0 ? '请先在「商品分类」中添加分类' : '选择分类'}
                    options={categoryOptions(categories)}
                    notFoundContent="没有匹配的分类"
                    data-testid="product-category"
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label="标签"
                  name="tags"
                  tooltip="最多 5 个，每个不超过 10 个字，输入后回车"
                  rules={[
                    {
                      validator: (_, value: string[] | undefined) => {
                        const tags = value ?? [];
                        if (tags.length > MAX_TAGS) return Promise.reject(new Error(`标签最多 ${MAX_TAGS} 个`));
                        if (tags.some((t) => t.trim().length === 0 || t.trim().length > 10)) {
                          return Promise.reject(new Error('每个标签 1 至 10 个字'));
                        }
                        return Promise.resolve();
                      },
                    },
                  ]}
                >
                  <Select
                    mode="tags"
                    open={false}
                    suffixIcon={null}
                    tokenSeparators={[',', '，']}
                    placeholder="如：包浆、官窑，回车添加"
                    data-testid="product-tags"
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="上架销售" name="onSale" valuePropName="checked" extra="上架后会员可在商城看到并购买">
              <Switch checkedChildren="上架" unCheckedChildren="下架" data-testid="product-on-sale" />
            </Form.Item>
          </Card>
          <Card title="价格与库存" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item label="售价（元）" name="price" required rules={[priceRule('售价')]}>
                  <YuanInput placeholder="0.00" maxLength={20} data-testid="product-price" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  label="市场参考价（元）"
                  name="marketPrice"
                  required
                  dependencies={['price']}
                  rules={[
                    priceRule('市场参考价'),
                    ({ getFieldValue }) => ({
                      warningOnly: true,
                      validator: (_, value: string | undefined) => {
                        const market = parseYuan(value ?? '');
                        const price = parseYuan(getFieldValue('price') ?? '');
                        return market !== null && price !== null && market < price
                          ? Promise.reject(new Error('市场参考价低于售价，请确认'))
                          : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <YuanInput placeholder="0.00" maxLength={20} data-testid="product-market-price" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  label="库存（件）"
                  name="stock"
                  required
                  rules={[
                    {
                      validator: (_, value: number | null | undefined) => {
                        if (value === null || value === undefined) return Promise.reject(new Error('请输入库存'));
                        if (!Number.isInteger(value) || value < 0 || value > MAX_STOCK) {
                          return Promise.reject(new Error('库存须为 0 至 1,000,000 的整数'));
                        }
                        return Promise.resolve();
                      },
                    },
                  ]}
                  extra="填写现有件数，保存后即为新库存"
                >
                  <InputNumber<number>
                    min={0}
                    max={MAX_STOCK}
                    precision={0}
                    step={1}
                    style={{ width: '100%' }}
                    data-testid="product-stock"
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card title="藏品信息" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item label="年代" name="era" rules={[maxText(30, '年代')]}>
                  <Input maxLength={30} placeholder="如：清乾隆" data-testid="product-era" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="材质" name="material" rules={[maxText(30, '材质')]}>
                  <Input maxLength={30} placeholder="如：瓷" data-testid="product-material" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="尺寸" name="dimensions" rules={[maxText(60, '尺寸')]}>
                  <Input maxLength={60} placeholder="如：高 32cm，口径 6cm" data-testid="product-dimensions" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="来源 / 流传" name="provenance" rules={[maxText(200, '来源')]}>
              <Input.TextArea
                rows={2}
                maxLength={200}
                showCount
                placeholder="如：日本藏家旧藏，2015 年购于东京"
                data-testid="product-provenance"
              />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title="图片" style={{ marginBottom: 16 }}>
            <Form.Item
              label="封面图"
              name="cover"
              rules={[{ required: true, message: '请上传封面图' }]}
              extra="列表与分享卡片上显示，建议正方形"
            >
              <SingleImageField
                purpose="product"
                inputTestId="product-cover-input"
                testIdBase="product-cover"
                width={160}
                height={160}
                placeholder="上传封面"
              />
            </Form.Item>
            <Form.Item
              label={`商品图片（最多 ${MAX_IMAGES} 张）`}
              name="images"
              required
              rules={[
                {
                  validator: (_, value: string[] | undefined) => {
                    const n = value?.length ?? 0;
                    if (n < 1) return Promise.reject(new Error('请至少上传 1 张商品图片'));
                    if (n > MAX_IMAGES) return Promise.reject(new Error(`商品图片最多 ${MAX_IMAGES} 张`));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <ImageListField
                purpose="product"
                max={MAX_IMAGES}
                inputTestId="product-images-input"
                testIdBase="product-image"
                cover={cover}
                onMakeCover={(url) => {
                  form.setFieldValue('cover', url);
                  onDirtyChange?.(true);
                  void form.validateFields(['cover']);
                }}
              />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      <Card title="商品详情" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col span={12}>
            <Space wrap size={6} style={{ marginBottom: 8 }}>
              {SNIPPETS.map((s) => (
                <Button key={s.label} size="small" onClick={() => insert(s.open, s.close, s.fallback)}>
                  {s.label}
                </Button>
              ))}
              <Button
                size="small"
                loading={uploadingInline}
                onClick={() => inlineImageInput.current?.click()}
                data-testid="product-description-image"
              >
                插入图片
              </Button>
              <input
                ref={inlineImageInput}
                type="file"
                accept={IMAGE_ACCEPT}
                style={{ display: 'none' }}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  void insertImage(file);
                }}
                data-testid="product-description-image-input"
              />
            </Space>
            <Form.Item
              name="description"
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    (value ?? '').length > 20_000
                      ? Promise.reject(new Error('详情不能超过 20,000 个字符'))
                      : Promise.resolve(),
                },
              ]}
              extra="HTML 格式；保存时服务器会去除脚本、样式等不安全内容"
              style={{ marginBottom: 0 }}
            >
              <Input.TextArea
                ref={textArea}
                rows={14}
                maxLength={20_000}
                showCount
                placeholder="<p>器型端庄，青花发色浓艳……</p>"
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
                data-testid="product-description"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, lineHeight: '24px' }}>
              预览（与会员端显示一致）
            </Typography.Text>
            {description.trim() ? (
              <div
                className="rich-preview"
                data-testid="product-description-preview"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(description) }}
              />
            ) : (
              <div className="rich-preview rich-preview-empty" data-testid="product-description-preview">
                暂无详情
              </div>
            )}
          </Col>
        </Row>
      </Card>
      <Card size="small" className="form-actions">
        <Flex justify="flex-end" gap={8}>
          {onCancel ? (
            <Button onClick={onCancel} disabled={saving}>
              取消
            </Button>
          ) : null}
          <Button type="primary" htmlType="submit" loading={saving} data-testid="product-submit">
            {initial ? '保存修改' : '创建商品'}
          </Button>
        </Flex>
      </Card>
    </Form>
  );
}
