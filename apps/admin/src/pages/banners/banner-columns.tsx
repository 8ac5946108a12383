import { useState } from 'react';
import { App as AntApp, Button, Image, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import {
  type AdminBanner,
  BANNER_POSITION_LABELS,
  type BannerPosition,
  bannerToInput,
  useSaveBanner,
} from '../../features/banners/api';
import { errorText } from '../../lib/error-text';

/** The banners' columns; the switch shows or hides a banner at once. */
export function useBannerColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (banner: AdminBanner) => void;
  onDelete: (banner: AdminBanner) => void;
}): { columns: ColumnsType<AdminBanner>; toggling: number | null } {
  const { message } = AntApp.useApp();
  const save = useSaveBanner();
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
          <Button type="link" size="small" onClick={() => onEdit(b)} data-testid={`banner-edit-${b.id}`}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(b)} data-testid={`banner-delete-${b.id}`}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
  return { columns, toggling };
}
