import { useState } from 'react';
import { App as AntApp, Image, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { AdminProduct } from '@antique/shared';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { Money } from '../../components/money';
import { categoryLabel, useCategories, useSetProductOnSale } from '../../features/catalogue/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';

/**
 * The products' columns and their on/off-sale switch; `toggling` is the product being
 * put back, while its list refreshes.
 */
export function useProductColumns(): { columns: ColumnsType<AdminProduct>; toggling: number | null } {
  const { message } = AntApp.useApp();
  const categories = useCategories().data;
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
      render: (id: number) => categoryLabel(categories, id),
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
  return { columns, toggling };
}
