import { useState } from 'react';
import { App as AntApp, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { type AdminProduct, type Category, type ProductInput, parseYuan, productInput } from '@antique/shared';
import { ImageListField, SingleImageField } from '../../features/uploads/image-fields';
import { YuanInput, fenToYuanText, yuanToFen } from '../../components/yuan-input';
import { boundOf, fieldLimits, fieldProblem, schemaRules } from '../../components/schema-rules';
import { categoryOptions } from '../../features/catalogue/api';
import { RichTextField } from '../../features/rich-text/rich-text-field';
import { errorText } from '../../lib/error-text';
import { serverFieldOf } from '../../lib/server-field';

/** productInput's fields: every rule and limit of the form is read from them. */
const shape = productInput.shape;
const MAX_IMAGES = boundOf(shape.images, 'max');

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
  return {
    title: v.title.trim(),
    categoryId: v.categoryId ?? 0,
    cover: v.cover,
    images: v.images,
    price: yuanToFen(v.price),
    marketPrice: yuanToFen(v.marketPrice),
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

/** Why a typed price is not one productInput accepts, naming the field; null when it is. */
export const priceProblem = (text: string | undefined, what: string) =>
  fieldProblem(shape.price, text, { label: what, yuan: true });

const FIELD_NAMES = new Set(Object.keys(shape));

/** The form field a 400 names in `data.field`, when it is one of ours. */
function serverField(error: unknown): keyof ProductFormValues | null {
  const name = serverFieldOf(error)?.split('.')[0] ?? '';
  return FIELD_NAMES.has(name) ? (name as keyof ProductFormValues) : null;
}

interface Props {
  initial?: AdminProduct;
  categories: readonly Category[];
  /** Resolves when saved; a rejection's message is shown, on its field when the server names one. */
  onSubmit: (input: ProductInput) => Promise<unknown>;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Every field of productInput, checked by its schema. Prices are typed in yuan and sent in
 * fen; the description is rich text, in the console's one editor, saved as it was loaded
 * until the operator edits it.
 */
export function ProductForm({ initial, categories, onSubmit, onCancel, onDirtyChange }: Props) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<ProductFormValues>();
  const [saving, setSaving] = useState(false);
  const cover = Form.useWatch('cover', form);

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
            <Form.Item label="商品名称" name="title" {...schemaRules(shape.title, { label: '商品名称' })}>
              <Input
                maxLength={fieldLimits(shape.title).max}
                showCount
                placeholder="如：清乾隆 青花缠枝莲纹梅瓶"
                data-testid="product-title"
              />
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  label="商品分类"
                  name="categoryId"
                  {...schemaRules(shape.categoryId, { label: '商品分类', required: '请选择商品分类' })}
                >
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
                  tooltip={`最多 ${fieldLimits(shape.tags).max} 个，每个不超过 ${fieldLimits(shape.tags.unwrap().element).max} 个字，输入后回车`}
                  {...schemaRules(shape.tags, { label: '标签', unit: '个' })}
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
                <Form.Item label="售价（元）" name="price" {...schemaRules(shape.price, { label: '售价', yuan: true })}>
                  <YuanInput placeholder="0.00" data-testid="product-price" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  label="市场参考价（元）"
                  name="marketPrice"
                  required
                  dependencies={['price']}
                  rules={[
                    ...schemaRules(shape.marketPrice, { label: '市场参考价', yuan: true }).rules,
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
                  <YuanInput placeholder="0.00" data-testid="product-market-price" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  label="库存（件）"
                  name="stock"
                  {...schemaRules(shape.stock, { label: '库存' })}
                  extra="填写现有件数，保存后即为新库存"
                >
                  <InputNumber<number>
                    min={fieldLimits(shape.stock).min}
                    max={fieldLimits(shape.stock).max}
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
                <Form.Item label="年代" name="era" {...schemaRules(shape.era, { label: '年代' })}>
                  <Input maxLength={fieldLimits(shape.era).max} placeholder="如：清乾隆" data-testid="product-era" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="材质" name="material" {...schemaRules(shape.material, { label: '材质' })}>
                  <Input
                    maxLength={fieldLimits(shape.material).max}
                    placeholder="如：瓷"
                    data-testid="product-material"
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="尺寸" name="dimensions" {...schemaRules(shape.dimensions, { label: '尺寸' })}>
                  <Input
                    maxLength={fieldLimits(shape.dimensions).max}
                    placeholder="如：高 32cm，口径 6cm"
                    data-testid="product-dimensions"
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="来源 / 流传" name="provenance" {...schemaRules(shape.provenance, { label: '来源' })}>
              <Input.TextArea
                rows={2}
                maxLength={fieldLimits(shape.provenance).max}
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
              {...schemaRules(shape.cover, { label: '封面图', required: '请上传封面图' })}
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
              {...schemaRules(shape.images, {
                label: '商品图片',
                unit: '张',
                required: `请至少上传 ${boundOf(shape.images, 'min')} 张商品图片`,
              })}
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
        <Form.Item
          name="description"
          {...schemaRules(shape.description, { label: '详情' })}
          extra="会员端商品页显示；保存时服务器会去除脚本、样式等不安全内容"
          style={{ marginBottom: 0 }}
        >
          <RichTextField
            testId="product-editor"
            textTestId="product-description"
            purpose="product"
            imageAlt={() => String(form.getFieldValue('title') ?? '').trim()}
          />
        </Form.Item>
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
