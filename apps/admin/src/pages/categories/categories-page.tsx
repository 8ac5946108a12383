import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Category } from '@antique/shared';
import { useConfirmAction } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table/data-table';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { CATEGORY_IN_USE, catalogueQueries, useDeleteCategory } from '../../features/catalogue/api';
import { errorText } from '../../lib/error-text';
import { ApiError } from '../../lib/request';
import { type CategoryRow, categoryColumns, categoryTree } from './category-columns';
import { CategoryFormModal, type Editing } from './category-form-modal';

export function CategoriesPage() {
  const table = useDataTable({ filters: {}, query: () => catalogueQueries.categories() });
  const deleteCategory = useDeleteCategory();
  const [editing, edit] = useState<Editing>(null);
  // Parents show their sub-categories unless the operator folded them, new parents included.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const all = table.rows;
  const tree = categoryTree(all);
  const expanded = tree.filter((c) => c.children && !folded.has(c.id)).map((c) => c.id);

  const remove = useConfirmAction<Category>({
    title: () => '删除分类',
    okText: () => '确认删除',
    okTestId: 'category-delete-confirm',
    danger: () => true,
    body: (c) => `确定删除分类「${c.name}」吗？删除后不可恢复。`,
    run: async (c) => {
      await deleteCategory.mutateAsync(c.id);
      return `已删除分类「${c.name}」`;
    },
    failure: (error, c) =>
      error instanceof ApiError && error.reason === CATEGORY_IN_USE
        ? `「${c.name}」下还有商品或子分类，不能删除；请先移走商品、删除子分类`
        : errorText(error),
    closeOnFailure: true,
  });

  const create = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => edit({ category: null, parentId: null })}
      data-testid="category-create"
    >
      添加分类
    </Button>
  );

  return (
    <>
      <PageHeader title="商品分类" subtitle="商城的两级分类；有商品或子分类的分类不能删除" extra={create} />
      <DataTable<CategoryRow>
        table={table}
        columns={categoryColumns({ all, onEdit: edit, onDelete: remove.ask })}
        rows={tree}
        testId={(c) => `category-row-${c.id}`}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, c) =>
            setFolded((prev) => {
              const next = new Set(prev);
              if (open) next.delete(c.id);
              else next.add(c.id);
              return next;
            }),
        }}
        emptyText="暂无分类，点击右上角「添加分类」"
      />
      <CategoryFormModal editing={editing} categories={all} onClose={() => edit(null)} />
      {remove.dialog}
    </>
  );
}
