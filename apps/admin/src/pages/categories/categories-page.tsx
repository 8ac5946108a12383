import { useState } from 'react';
import {
  Alert,
  App as AntApp,
  Avatar,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Category, CategoryInput } from '@antique/shared';
import { ConfirmModal } from '../../components/confirm-modal';
import { SingleImageField } from '../../components/image-fields';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CATEGORY_IN_USE, useCategories, useDeleteCategory, useSaveCategory } from '../../features/catalogue/api';
import { errorText } from '../../lib/error-text';
import { ApiError } from '../../lib/request';
import { rowTestId } from '../../lib/row-test-id';

interface CategoryRow extends Category {
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

/** 0 stands for 「no parent」 in the select; the wire has null. */
const NO_PARENT = 0;

interface FormValues {
  name: string;
  parentId: number;
  icon: string;
  sort: number | null;
}

type Editing = { category: Category | null; parentId: number | null } | null;

function CategoryFormModal({
  editing,
  categories,
  onClose,
}: {
  editing: Editing;
  categories: readonly Category[];
  onClose: () => void;
}) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCategory();
  const current = editing?.category ?? null;
  const hasChildren = current !== null && categories.some((c) => c.parentId === current.id);
  const parents = categories.filter((c) => c.parentId === null && c.id !== current?.id);

  const finish = (values: FormValues) => {
    const input: CategoryInput = {
      name: values.name.trim(),
      icon: values.icon ?? '',
      parentId: values.parentId === NO_PARENT ? null : values.parentId,
      sort: values.sort ?? 0,
    };
    save.mutate(
      { id: current?.id ?? null, input },
      {
        onSuccess: (saved) => {
          void message.success(current ? `已保存分类「${saved.name}」` : `已添加分类「${saved.name}」`);
          onClose();
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <Modal
      open={editing !== null}
      title={current ? `编辑分类「${current.name}」` : editing?.parentId ? '添加子分类' : '添加分类'}
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
          data-testid="category-submit"
        >
          保存
        </Button>,
      ]}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: current?.name ?? '',
          parentId: current ? (current.parentId ?? NO_PARENT) : (editing?.parentId ?? NO_PARENT),
          icon: current?.icon ?? '',
          sort: current?.sort ?? 0,
        }}
        onFinish={finish}
      >
        <Form.Item
          label="分类名称"
          name="name"
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const v = (value ?? '').trim();
                if (v === '') return Promise.reject(new Error('请输入分类名称'));
                if (v.length > 20) return Promise.reject(new Error('分类名称不能超过 20 个字'));
                const clash = categories.find((c) => c.name === v && c.id !== current?.id);
                return clash ? Promise.reject(new Error(`已有同名分类「${v}」`)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={20} showCount autoFocus placeholder="如：瓷器" data-testid="category-name" />
        </Form.Item>
        <Form.Item
          label="上级分类"
          name="parentId"
          extra={hasChildren ? '该分类下已有子分类，只能作为一级分类' : '分类最多两级'}
        >
          <Select
            disabled={hasChildren}
            options={[
              { value: NO_PARENT, label: '无（作为一级分类）' },
              ...parents.map((p) => ({ value: p.id, label: p.name })),
            ]}
            data-testid="category-parent"
          />
        </Form.Item>
        <Form.Item label="图标" name="icon" extra="会员端分类入口显示，建议 1:1 的小图">
          <SingleImageField
            purpose="product"
            inputTestId="category-icon-input"
            testIdBase="category-icon"
            width={72}
            height={72}
            placeholder="上传图标"
          />
        </Form.Item>
        <Form.Item
          label="排序"
          name="sort"
          extra="数字小的排在前面"
          rules={[
            {
              validator: (_, value: number | null | undefined) =>
                value === null || value === undefined || (Number.isInteger(value) && value >= 0 && value <= 9999)
                  ? Promise.resolve()
                  : Promise.reject(new Error('排序须为 0 至 9999 的整数')),
            },
          ]}
        >
          <InputNumber<number> min={0} max={9999} precision={0} style={{ width: 160 }} data-testid="category-sort" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function CategoriesPage() {
  const { message } = AntApp.useApp();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Editing>(null);
  // A fresh form for every opening: antd's form store would otherwise keep the last one's values.
  const [formKey, setFormKey] = useState(0);
  const edit = (next: Editing) => {
    setFormKey((k) => k + 1);
    setEditing(next);
  };
  const [deleting, setDeleting] = useState<Category | null>(null);
  // Parents show their sub-categories unless the operator folded them, new parents included.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const all = categories.data ?? [];
  const tree = categoryTree(all);
  const expanded = tree.filter((c) => c.children && !folded.has(c.id)).map((c) => c.id);

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        void message.success(`已删除分类「${target.name}」`);
        setDeleting(null);
      },
      onError: (error) => {
        void message.error(
          error instanceof ApiError && error.reason === CATEGORY_IN_USE
            ? `「${target.name}」下还有商品或子分类，不能删除；请先移走商品、删除子分类`
            : errorText(error),
        );
        setDeleting(null);
      },
    });
  };

  const columns: ColumnsType<CategoryRow> = [
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
              onClick={() => edit({ category: c, parentId: c.parentId })}
              data-testid={`category-edit-${c.id}`}
            >
              编辑
            </Button>
            {c.parentId === null ? (
              <Button
                type="link"
                size="small"
                onClick={() => edit({ category: null, parentId: c.id })}
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
                onClick={() => setDeleting(c)}
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
      <Card>
        {categories.isError && !categories.data ? (
          <QueryError error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (
          <>
            {categories.isError ? (
              <Alert
                type="warning"
                showIcon
                title={`刷新失败：${errorText(categories.error)}`}
                style={{ marginBottom: 12 }}
              />
            ) : null}
            <Table<CategoryRow>
              rowKey="id"
              columns={columns}
              dataSource={tree}
              loading={categories.isFetching}
              pagination={false}
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
              onRow={(c) => rowTestId(`category-row-${c.id}`)}
              locale={{ emptyText: '暂无分类，点击右上角「添加分类」' }}
            />
          </>
        )}
      </Card>
      <CategoryFormModal key={formKey} editing={editing} categories={all} onClose={() => setEditing(null)} />
      <ConfirmModal
        open={deleting !== null}
        title="删除分类"
        okText="确认删除"
        okTestId="category-delete-confirm"
        danger
        loading={remove.isPending}
        onOk={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        确定删除分类「{deleting?.name}」吗？删除后不可恢复。
      </ConfirmModal>
    </>
  );
}
