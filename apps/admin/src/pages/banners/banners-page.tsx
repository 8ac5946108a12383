import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { bannerPositions } from '@antique/shared';
import { useConfirmAction } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table/data-table';
import { segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import {
  type AdminBanner,
  BANNER_POSITION_LABELS,
  type BannerPosition,
  bannerQueries,
  useDeleteBanner,
} from '../../features/banners/api';
import { useBannerColumns } from './banner-columns';
import { BannerFormModal, type Editing } from './banner-form-modal';

const filters = {
  position: segmentedFilter<BannerPosition | 'all'>({
    options: [
      { value: 'all', label: '全部' },
      ...bannerPositions.map((p) => ({ value: p, label: BANNER_POSITION_LABELS[p] })),
    ],
    defaultValue: 'all',
    testId: 'banner-position-filter',
  }),
};

const byPlace = (a: AdminBanner, b: AdminBanner) =>
  a.position.localeCompare(b.position) || a.sort - b.sort || a.id - b.id;

export function BannersPage() {
  const table = useDataTable({
    filters,
    query: ({ position }) => bannerQueries.list(position === 'all' ? undefined : position),
  });
  const { position } = table.values;
  const deleteBanner = useDeleteBanner();
  const remove = useConfirmAction<AdminBanner>({
    title: () => '删除轮播图',
    okText: () => '确认删除',
    okTestId: 'banner-delete-confirm',
    danger: () => true,
    body: (b) => `确定删除${b.title ? `「${b.title}」` : '这张轮播图'}吗？删除后会员端立即不再显示。`,
    run: async (b) => {
      await deleteBanner.mutateAsync(b.id);
      return '已删除轮播图';
    },
  });
  const [editing, edit] = useState<Editing>(null);
  const { columns, toggling } = useBannerColumns({
    onEdit: (b) => edit({ banner: b, position: b.position }),
    onDelete: remove.ask,
  });

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
      <DataTable
        table={table}
        columns={columns}
        rows={[...table.rows].sort(byPlace)}
        testId={(b) => `banner-row-${b.id}`}
        loading={table.query.isFetching && toggling === null}
        summary={(total) => `共 ${total} 张`}
        emptyText="暂无轮播图"
      />
      <BannerFormModal editing={editing} onClose={() => edit(null)} />
      {remove.dialog}
    </>
  );
}
