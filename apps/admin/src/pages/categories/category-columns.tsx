import { Avatar, Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AppstoreOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Category } from '@antique/shared';
import type { Editing } from './category-form-modal';

export interface CategoryRow extends Category {
  children?: CategoryRow[];
}

/** Two levels: each top-level category with its sub-categories, both in sort order. */
export function categoryTree(categories: readonly Category[]): CategoryRow[] {
  const bySort = (a: Category, b: Category) => a.sort - b.sort || a.id - b.id;
  const ids = new Set(categories.map((c) => c.id));
  // A sub-category whose parent is gone is shown at the top so it can still be fixed.
  const roots = categories.filter((c) => c.parentId === null || !ids.has(c.parentId)).sort(bySort);
  return roots.map((root) => {
    const children = categories.filter((c) => c.parentId === root.id).sort(bySort);
    return children.length > 0 ? { ...root, children } : { ...root };
  });
}

/** The categories' columns; `all` is the flat list, to know which have sub-categories. */
export function categoryColumns({
  all,
  onEdit,
  onDelete,
}: {
  all: readonly Category[];
  onEdit: (editing: NonNullable<Editing>) => void;
  onDelete: (category: Category) => void;
}): ColumnsType<CategoryRow> {
  return [
    {
      title: '分类名称',
      key: 'name',
      render: (_, c) => (
        <Space>
          <Avatar shape="square" size={32} src={c.icon || undefined} icon={<AppstoreOutlined />} />
          <Typography.Text strong={c.parentId === null}>{c.name}</Typography.Text>
        </Space>
      ),
    },
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: '层级',
      key: 'level',
      width: 100,
      render: (_, c) => (c.parentId === null ? '一级' : '二级'),
    },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '商品',
      key: 'products',
      width: 100,
      render: (_, c) => <Link to={`/products?categoryId=${c.id}`}>查看商品</Link>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 240,
      render: (_, c) => {
        const hasChildren = all.some((x) => x.parentId === c.id);
        return (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              onClick={() => onEdit({ category: c, parentId: c.parentId })}
              data-testid={`category-edit-${c.id}`}
            >
              编辑
            </Button>
            {c.parentId === null ? (
              <Button
                type="link"
                size="small"
                onClick={() => onEdit({ category: null, parentId: c.id })}
                data-testid={`category-add-child-${c.id}`}
              >
                添加子分类
              </Button>
            ) : null}
            <Tooltip title={hasChildren ? '请先删除其下的子分类' : undefined}>
              <Button
                type="link"
                size="small"
                danger
                disabled={hasChildren}
                onClick={() => onDelete(c)}
                data-testid={`category-delete-${c.id}`}
              >
                删除
              </Button>
            </Tooltip>
          </Space>
        );
      },
    },
  ];
}
