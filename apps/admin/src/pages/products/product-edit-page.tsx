import { useState } from 'react';
import { App as AntApp, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import type { ProductInput } from '@antique/shared';
import { FullPageSpin } from '../../components/full-page-spin';
import { LeaveGuardModal, useLeaveGuard } from '../../components/leave-guard';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useCategories, useProduct, useSaveProduct } from '../../features/catalogue/api';
import { formatDateTime } from '../../lib/format-datetime';
import { ProductForm } from './product-form';
import { ConditionCard } from '../../features/judge/condition-card';

/** `/products/new` creates; `/products/:id` edits. */
export function ProductEditPage() {
  const params = useParams();
  const isNew = params.id === undefined || params.id === 'new';
  const id = isNew ? null : Number(params.id);
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const categories = useCategories();
  const product = useProduct(id);
  const save = useSaveProduct();
  const [dirty, setDirty] = useState(false);
  const { blocker, release } = useLeaveGuard(dirty);

  const back = (
    <Link to="/products">
      <ArrowLeftOutlined /> 返回商品列表
    </Link>
  );

  if (id !== null && (!Number.isInteger(id) || id <= 0)) return <QueryError error={new Error('商品编号无效')} />;
  // A cached copy is not enough to start editing from: wait for this opening's own read.
  if (categories.isPending || (id !== null && !product.isError && !product.isFetchedAfterMount)) {
    return <FullPageSpin />;
  }
  const failed = categories.isError ? categories : id !== null && product.isError ? product : null;
  if (failed) {
    return (
      <>
        <div style={{ marginBottom: 12 }}>{back}</div>
        <QueryError error={failed.error} onRetry={() => void failed.refetch()} />
      </>
    );
  }

  const submit = async (input: ProductInput) => {
    const saved = await save.mutateAsync({ id, input });
    release();
    setDirty(false);
    void message.success(isNew ? `已创建商品「${saved.title}」` : `已保存「${saved.title}」`);
    void navigate('/products');
  };

  const p = product.data;
  return (
    <>
      <div style={{ marginBottom: 12 }}>{back}</div>
      <PageHeader
        title={isNew ? '新建商品' : `编辑商品 #${id}`}
        subtitle={
          p ? (
            <>
              {p.onSale ? <Tag color="success">在售</Tag> : <Tag>已下架</Tag>}
              已售 {p.sales} 件 · 创建于 {formatDateTime(p.createdAt)} · 最近修改 {formatDateTime(p.updatedAt)}
            </>
          ) : (
            '填写商品信息并上传图片；保存时默认不上架，可勾选「上架销售」直接上架'
          )
        }
      />
      <ProductForm
        key={p ? p.id : 'new'}
        initial={p}
        categories={categories.data ?? []}
        onSubmit={submit}
        onCancel={() => void navigate('/products')}
        onDirtyChange={setDirty}
      />
      {id !== null ? <ConditionCard subject="product" id={id} /> : null}
      <LeaveGuardModal blocker={blocker} />
    </>
  );
}
