import { App as AntApp, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { bannerInput, bannerPositions } from '@antique/shared';
import { FormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, schemaRules } from '../../components/schema-rules';
import { SingleImageField } from '../../features/uploads/image-fields';
import { IMAGE_RULE_TEXT } from '../../features/uploads/upload-image';
import {
  type AdminBanner,
  BANNER_POSITION_LABELS,
  type BannerInput,
  type BannerPosition,
  bannerLinkProblem,
  useSaveBanner,
} from '../../features/banners/api';

export type Editing = { banner: AdminBanner | null; position: BannerPosition } | null;

const { image, title, link, sort } = bannerInput.shape;

interface FormValues {
  position: BannerPosition;
  image: string;
  title: string;
  link: string;
  sort: number | null;
  enabled: boolean;
}

/** Adds or edits a banner: its picture, where it shows and where it leads. */
export function BannerFormModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const save = useSaveBanner();
  const current = editing?.banner ?? null;

  const finish = async (values: FormValues) => {
    const input: BannerInput = {
      position: values.position,
      image: values.image,
      title: (values.title ?? '').trim(),
      link: (values.link ?? '').trim(),
      sort: values.sort ?? 0,
      enabled: values.enabled,
    };
    await save.mutateAsync({ id: current?.id ?? null, input });
    void message.success(current ? '已保存轮播图' : '已添加轮播图');
    onClose();
  };

  return (
    <FormModal<FormValues>
      open={editing !== null}
      title={current ? '编辑轮播图' : '添加轮播图'}
      width={640}
      initialValues={
        current
          ? { ...current, sort: current.sort }
          : { position: editing?.position ?? 'home', image: '', title: '', link: '', sort: 0, enabled: true }
      }
      onSubmit={finish}
      onClose={onClose}
      okText="保存"
      okTestId="banner-submit"
    >
      <Flex gap={16}>
        <Form.Item label="位置" name="position" style={{ flex: 1 }}>
          <Select
            options={bannerPositions.map((p) => ({ value: p, label: BANNER_POSITION_LABELS[p] }))}
            data-testid="banner-position"
          />
        </Form.Item>
        <Form.Item
          label="排序"
          name="sort"
          extra="数字小的排在前面"
          style={{ width: 160 }}
          {...schemaRules(sort, { label: '排序' })}
        >
          <InputNumber<number>
            min={fieldLimits(sort).min}
            max={fieldLimits(sort).max}
            precision={0}
            style={{ width: '100%' }}
            data-testid="banner-sort"
          />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch checkedChildren="显示" unCheckedChildren="隐藏" data-testid="banner-enabled" />
        </Form.Item>
      </Flex>
      <Form.Item
        label="图片"
        name="image"
        {...schemaRules(image, { label: '轮播图片', required: '请上传轮播图片' })}
        extra={`建议宽高比 2:1（如 750×375），${IMAGE_RULE_TEXT}`}
      >
        <SingleImageField
          purpose="banner"
          inputTestId="banner-image-input"
          testIdBase="banner-image"
          width={320}
          height={160}
          placeholder="上传轮播图"
          hint=""
        />
      </Form.Item>
      <Form.Item label="标题" name="title" {...schemaRules(title, { label: '标题' })}>
        <Input
          maxLength={fieldLimits(title).max}
          showCount
          placeholder="图片的说明文字，可不填"
          data-testid="banner-title"
        />
      </Form.Item>
      <Form.Item
        label="点击跳转"
        name="link"
        extra="App 内页面以 /pages/ 开头，如 /pages/product/detail?id=12；外部网址须以 https:// 开头；不填则不跳转"
        rules={[
          {
            validator: (_, v: string | undefined) => {
              const problem = bannerLinkProblem(v ?? '');
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input maxLength={fieldLimits(link).max} placeholder="/pages/... 或 https://..." data-testid="banner-link" />
      </Form.Item>
    </FormModal>
  );
}
