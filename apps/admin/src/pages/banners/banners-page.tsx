import { useState } from 'react';
import {
  App as AntApp,
  Button,
  Card,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { bannerPositions } from '@antique/shared';
import { ConfirmModal } from '../../components/confirm-modal';
import { IMAGE_FALLBACK, SingleImageField } from '../../components/image-fields';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import {
  type AdminBanner,
  BANNER_POSITION_LABELS,
  type BannerInput,
  type BannerPosition,
  bannerLinkProblem,
  bannerToInput,
  useBanners,
  useDeleteBanner,
  useSaveBanner,
} from '../../features/banners/api';
import { errorText } from '../../lib/error-text';
import { rowTestId } from '../../lib/row-test-id';
import { useSearchState } from '../../lib/use-search-state';

type PositionFilter = BannerPosition | 'all';

type Editing = { banner: AdminBanner | null; position: BannerPosition } | null;

interface FormValues {
  position: BannerPosition;
  image: string;
  title: string;
  link: string;
  sort: number | null;
  enabled: boolean;
}

function BannerFormModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveBanner();
  const current = editing?.banner ?? null;

  const finish = (values: FormValues) => {
    const input: BannerInput = {
      position: values.position,
      image: values.image,
      title: (values.title ?? '').trim(),
      link: (values.link ?? '').trim(),
      sort: values.sort ?? 0,
      enabled: values.enabled,
    };
    save.mutate(
      { id: current?.id ?? null, input },
      {
        onSuccess: () => {
          void message.success(current ? '已保存轮播图' : '已添加轮播图');
          onClose();
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <Modal
      open={editing !== null}
      title={current ? '编辑轮播图' : '添加轮播图'}
      width={640}
      onCancel={save.isPending ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={save.isPending}>
          取消
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={save.isPending}
          onClick={() => form.submit()}
          data-testid="banner-submit"
        >
          保存
        </Button>,
      ]}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          current
            ? { ...current, sort: current.sort }
            : { position: editing?.position ?? 'home', image: '', title: '', link: '', sort: 0, enabled: true }
        }
        onFinish={finish}
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
            rules={[
              {
                validator: (_, v: number | null | undefined) =>
                  v === null || v === undefined || (Number.isInteger(v) && v >= 0 && v <= 9999)
                    ? Promise.resolve()
                    : Promise.reject(new Error('排序须为 0 至 9999 的整数')),
              },
            ]}
          >
            <InputNumber<number> min={0} max={9999} precision={0} style={{ width: '100%' }} data-testid="banner-sort" />
          </Form.Item>
          <Form.Item label="启用" name="enabled" valuePropName="checked">
            <Switch checkedChildren="显示" unCheckedChildren="隐藏" data-testid="banner-enabled" />
          </Form.Item>
        </Flex>
        <Form.Item
          label="图片"
          name="image"
          rules={[{ required: true, message: '请上传轮播图片' }]}
          extra="建议宽高比 2:1（如 750×375），JPG、PNG、WebP，不超过 5 MB"
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
        <Form.Item
          label="标题"
          name="title"
          rules={[
            {
              validator: (_, v: string | undefined) =>
                (v ?? '').trim().length > 40 ? Promise.reject(new Error('标题不能超过 40 个字')) : Promise.resolve(),
            },
          ]}
        >
          <Input maxLength={40} showCount placeholder="图片的说明文字，可不填" data-testid="banner-title" />
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
          <Input maxLength={512} placeholder="/pages/... 或 https://..." data-testid="banner-link" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function BannersPage() {
  const { message } = AntApp.useApp();
  const { filters, update } = useSearchState(['position'] as const);
  const position: PositionFilter =
    filters.position === 'home' || filters.position === 'mall' ? filters.position : 'all';
  const banners = useBanners(position === 'all' ? undefined : position);
  const save = useSaveBanner();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<Editing>(null);
  // A fresh form for every opening: antd's form store would otherwise keep the last one's values.
  const [formKey, setFormKey] = useState(0);
  const edit = (next: Editing) => {
    setFormKey((k) => k + 1);
    setEditing(next);
  };
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  const toggle = (b: AdminBanner) => {
    setToggling(b.id);
    save.mutate(
      { id: b.id, input: { ...bannerToInput(b), enabled: !b.enabled } },
      {
        onSuccess: () => void message.success(b.enabled ? '已隐藏轮播图' : '已启用轮播图'),
        onError: (error) => void message.error(errorText(error)),
        onSettled: () => setToggling(null),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        void message.success('已删除轮播图');
        setDeleting(null);
      },
      onError: (error) => void message.error(errorText(error)),
    });
  };

  const rows = [...(banners.data ?? [])].sort(
    (a, b) => a.position.localeCompare(b.position) || a.sort - b.sort || a.id - b.id,
  );

  const columns: ColumnsType<AdminBanner> = [
    {
      title: '图片',
      dataIndex: 'image',
      width: 200,
      render: (src: string) => (
        <Image
          src={src}
          width={176}
          height={88}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          fallback={IMAGE_FALLBACK}
        />
      ),
    },
    {
      title: '标题与链接',
      key: 'title',
      render: (_, b) => (
        <div>
          <Typography.Text strong>
            {b.title || <Typography.Text type="secondary">（无标题）</Typography.Text>}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', wordBreak: 'break-all' }}>
            {b.link ? b.link : '不跳转'}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '位置',
      dataIndex: 'position',
      width: 90,
      render: (p: BannerPosition) => <Tag color={p === 'home' ? 'blue' : 'purple'}>{BANNER_POSITION_LABELS[p]}</Tag>,
    },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 100,
      render: (_, b) => (
        <Switch
          checked={b.enabled}
          loading={toggling === b.id}
          checkedChildren="显示"
          unCheckedChildren="隐藏"
          onChange={() => toggle(b)}
          data-testid={`banner-toggle-${b.id}`}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, b) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            onClick={() => edit({ banner: b, position: b.position })}
            data-testid={`banner-edit-${b.id}`}
          >
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => setDeleting(b)} data-testid={`banner-delete-${b.id}`}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  const create = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => edit({ banner: null, position: position === 'all' ? 'home' : position })}
      data-testid="banner-create"
    >
      添加轮播图
    </Button>
  );

  return (
    <>
      <PageHeader title="轮播图" subtitle="首页与商城顶部的轮播图片；隐藏的不在会员端显示" extra={create} />
      <Card>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Segmented<PositionFilter>
            options={[
              { value: 'all', label: '全部' },
              ...bannerPositions.map((p) => ({ value: p, label: BANNER_POSITION_LABELS[p] })),
            ]}
            value={position}
            onChange={(value) => update({ position: value === 'all' ? undefined : value })}
            data-testid="banner-position-filter"
          />
          <Typography.Text type="secondary">{banners.data ? `共 ${banners.data.length} 张` : ''}</Typography.Text>
        </Flex>
        {banners.isError && !banners.data ? (
          <QueryError error={banners.error} onRetry={() => void banners.refetch()} />
        ) : (
          <Table<AdminBanner>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={banners.isFetching && toggling === null}
            pagination={false}
            onRow={(b) => rowTestId(`banner-row-${b.id}`)}
            locale={{ emptyText: '暂无轮播图' }}
          />
        )}
      </Card>
      <BannerFormModal key={formKey} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        open={deleting !== null}
        title="删除轮播图"
        okText="确认删除"
        okTestId="banner-delete-confirm"
        danger
        loading={remove.isPending}
        onOk={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        确定删除{deleting?.title ? `「${deleting.title}」` : '这张轮播图'}吗？删除后会员端立即不再显示。
      </ConfirmModal>
    </>
  );
}
