import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/data-table';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { catalogueQueries } from '../../features/catalogue/api';
import { useProductColumns } from './product-columns';
import { useProductFilters } from './product-filters';

export function ProductsPage() {
  const navigate = useNavigate();
  const table = useDataTable({
    filters: useProductFilters(),
    query: ({ onSale, ...rest }, paging) =>
      catalogueQueries.products({ ...rest, onSale: onSale === 'all' ? undefined : onSale, ...paging }),
  });
  const { columns, toggling } = useProductColumns();
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
  return (
    <>
      <PageHeader title="商品管理" subtitle="商城在售藏品：编辑信息与图片、调整价格库存、上架下架" extra={create} />
      <DataTable
        table={table}
        columns={columns}
        testId={(p) => `product-row-${p.id}`}
        loading={table.query.isFetching && !toggling}
        scroll={{ x: 1120 }}
        summary={(total) => `共 ${total} 件商品`}
        emptyText={table.filtered ? '没有符合条件的商品' : '暂无商品，点击右上角「新建商品」添加'}
      />
    </>
  );
}
