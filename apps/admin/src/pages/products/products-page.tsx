import { useState } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Flex,
  Image,
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
import { Link, useNavigate } from 'react-router';
import type { AdminProduct } from '@antique/shared';
import { IMAGE_FALLBACK } from '../../components/image-fields';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { SearchBox } from '../../components/search-box';
import {
  categoryLabel,
  categoryOptions,
  useCategories,
  useProducts,
  useSetProductOnSale,
} from '../../features/catalogue/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';
import { useSearchState } from '../../lib/use-search-state';

type SaleFilter = 'all' | '1' | '0';
const SALE_OPTIONS: { value: SaleFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: '1', label: '在售' },
  { value: '0', label: '已下架' },
];

export function ProductsPage() {
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const { page, pageSize, filters, update, pageSizeOptions } = useSearchState([
    'keyword',
    'categoryId',
    'onSale',
  ] as const);
  const keyword = filters.keyword;
  const categoryId = Number(filters.categoryId) > 0 ? Number(filters.categoryId) : undefined;
  const onSale: SaleFilter = filters.onSale === '1' || filters.onSale === '0' ? filters.onSale : 'all';
  const products = useProducts({ keyword, categoryId, onSale: onSale === 'all' ? undefined : onSale, page, pageSize });
  const categories = useCategories();
  const setOnSale = useSetProductOnSale();
  const [toggling, setToggling] = useState<number | null>(null);

  /** Puts the product back with onSale flipped from what the operator saw. */
  const toggle = (p: AdminProduct) => {
    if (toggling !== null) return;
    const next = !p.onSale;
    setToggling(p.id);
    setOnSale.mutate(
      { id: p.id, onSale: next },
      {
        onSuccess: () => void message.success(next ? `已上架「${p.title}」` : `已下架「${p.title}」`),
        onError: (error) => void message.error(`${next ? '上架' : '下架'}失败：${errorText(error)}`),
        onSettled: () => setToggling(null),
      },
    );
  };

  const columns: ColumnsType<AdminProduct> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: '商品',
      key: 'product',
      minWidth: 240,
      render: (_, p) => (
        <Space align="start">
          <Image
            src={p.cover}
            width={56}
            height={56}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            fallback={IMAGE_FALLBACK}
          />
          <div style={{ minWidth: 0 }}>
            <Link to={`/products/${p.id}`}>{p.title}</Link>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {[p.era, p.material].filter(Boolean).join(' · ') || '—'}
            </Typography.Text>
            {p.tags.length > 0 ? (
              <div style={{ marginTop: 2 }}>
                {p.tags.map((t) => (
                  <Tag key={t} style={{ fontSize: 11, marginInlineEnd: 4 }}>
                    {t}
                  </Tag>
                ))}
              </div>
            ) : null}
          </div>
        </Space>
      ),
    },
    {
      title: '分类',
      dataIndex: 'categoryId',
      width: 120,
      render: (id: number) => categoryLabel(categories.data, id),
    },
    { title: '售价', dataIndex: 'price', align: 'right', width: 120, render: (v: number) => <Money fen={v} strong /> },
    {
      title: '市场参考价',
      dataIndex: 'marketPrice',
      align: 'right',
      width: 120,
      render: (v: number) => <Money fen={v} />,
    },
    {
      title: '库存',
      dataIndex: 'stock',
      align: 'right',
      width: 70,
      render: (v: number) => (v === 0 ? <Typography.Text type="danger">0</Typography.Text> : v),
    },
    { title: '销量', dataIndex: 'sales', align: 'right', width: 70 },
    {
      title: '上架',
      dataIndex: 'onSale',
      width: 96,
      render: (_, p) => (
        <Switch
          checked={p.onSale}
          loading={toggling === p.id}
          disabled={toggling !== null && toggling !== p.id}
          checkedChildren="在售"
          unCheckedChildren="下架"
          onChange={() => toggle(p)}
          aria-label={p.onSale ? `下架「${p.title}」` : `上架「${p.title}」`}
          data-testid={`product-toggle-${p.id}`}
        />
      ),
    },
    { title: '最近修改', dataIndex: 'updatedAt', width: 160, render: (v: number) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      fixed: 'right',
      render: (_, p) => (
        <Link to={`/products/${p.id}`} data-testid={`product-edit-${p.id}`}>
          编辑
        </Link>
      ),
    },
  ];

  const create = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => void navigate('/products/new')}
      data-testid="product-create"
    >
      新建商品
    </Button>
  );

  if (products.isError && !products.data) {
    return (
      <>
        <PageHeader title="商品管理" extra={create} />
        <QueryError error={products.error} onRetry={() => void products.refetch()} />
      </>
    );
  }

  const filtered = Boolean(keyword || categoryId || onSale !== 'all');
  return (
    <>
      <PageHeader title="商品管理" subtitle="商城在售藏品：编辑信息与图片、调整价格库存、上架下架" extra={create} />
      <Card>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={16} wrap>
          <Flex gap={12} wrap align="center">
            <SearchBox
              value={keyword}
              onSearch={(value) => update({ keyword: value })}
              placeholder="商品名称 / 年代 / 材质 / 商品 ID"
              maxLength={40}
              width={340}
              testId="product-search"
            />
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部分类"
              style={{ width: 200 }}
              value={categoryId}
              options={categoryOptions(categories.data ?? [])}
              onChange={(value) => update({ categoryId: value })}
              data-testid="product-category-filter"
            />
            <Segmented<SaleFilter>
              options={SALE_OPTIONS}
              value={onSale}
              onChange={(value) => update({ onSale: value === 'all' ? undefined : value })}
              data-testid="product-sale-filter"
            />
          </Flex>
          <Typography.Text type="secondary">{products.data ? `共 ${products.data.total} 件商品` : ''}</Typography.Text>
        </Flex>
        {products.isError ? (
          <Alert
            type="warning"
            showIcon
            title={`刷新失败：${errorText(products.error)}`}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <Table<AdminProduct>
          rowKey="id"
          columns={columns}
          dataSource={products.data?.list ?? []}
          loading={products.isFetching && !toggling}
          scroll={{ x: 1120 }}
          locale={{ emptyText: filtered ? '没有符合条件的商品' : '暂无商品，点击右上角「新建商品」添加' }}
          onRow={(p) => rowTestId(`product-row-${p.id}`)}
          pagination={{
            current: page,
            pageSize,
            total: products.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (nextPage, nextSize) =>
              update(nextSize !== pageSize ? { pageSize: nextSize, page: 1 } : { page: nextPage }),
          }}
        />
      </Card>
    </>
  );
}
