import { App as AntApp, Form, Input, InputNumber, Select } from 'antd';
import { type Category, type CategoryInput, categoryInput } from '@antique/shared';
import { FormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, schemaRules } from '../../components/schema-rules';
import { SingleImageField } from '../../features/uploads/image-fields';
import { useSaveCategory } from '../../features/catalogue/api';

/** 0 stands for 「no parent」 in the select; the wire has null. */
const NO_PARENT = 0;

const { name, sort } = categoryInput.shape;
const nameRules = schemaRules(name, { label: '分类名称' });

interface FormValues {
  name: string;
  parentId: number;
  icon: string;
  sort: number | null;
}

export type Editing = { category: Category | null; parentId: number | null } | null;

/** Adds or edits a category; two levels at most. */
export function CategoryFormModal({
  editing,
  categories,
  onClose,
}: {
  editing: Editing;
  categories: readonly Category[];
  onClose: () => void;
}) {
  const { message } = AntApp.useApp();
  const save = useSaveCategory();
  const current = editing?.category ?? null;
  const hasChildren = current !== null && categories.some((c) => c.parentId === current.id);
  const parents = categories.filter((c) => c.parentId === null && c.id !== current?.id);

  const finish = async (values: FormValues) => {
    const input: CategoryInput = {
      name: values.name.trim(),
      icon: values.icon ?? '',
      parentId: values.parentId === NO_PARENT ? null : values.parentId,
      sort: values.sort ?? 0,
    };
    const saved = await save.mutateAsync({ id: current?.id ?? null, input });
    void message.success(current ? `已保存分类「${saved.name}」` : `已添加分类「${saved.name}」`);
    onClose();
  };

  return (
    <FormModal<FormValues>
      open={editing !== null}
      title={current ? `编辑分类「${current.name}」` : editing?.parentId ? '添加子分类' : '添加分类'}
      initialValues={{
        name: current?.name ?? '',
        parentId: current ? (current.parentId ?? NO_PARENT) : (editing?.parentId ?? NO_PARENT),
        icon: current?.icon ?? '',
        sort: current?.sort ?? 0,
      }}
      onSubmit={finish}
      onClose={onClose}
      okText="保存"
      okTestId="category-submit"
    >
      <Form.Item
        label="分类名称"
        name="name"
        required={nameRules.required}
        rules={[
          ...nameRules.rules,
          {
            validator: (_, value: string | undefined) => {
              const v = (value ?? '').trim();
              const clash = categories.find((c) => c.name === v && c.id !== current?.id);
              return clash ? Promise.reject(new Error(`已有同名分类「${v}」`)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input
          maxLength={fieldLimits(name).max}
          showCount
          autoFocus
          placeholder="如：瓷器"
          data-testid="category-name"
        />
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
      <Form.Item label="排序" name="sort" extra="数字小的排在前面" {...schemaRules(sort, { label: '排序' })}>
        <InputNumber<number>
          min={fieldLimits(sort).min}
          max={fieldLimits(sort).max}
          precision={0}
          style={{ width: 160 }}
          data-testid="category-sort"
        />
      </Form.Item>
    </FormModal>
  );
}
