import { parseId, searchFilter, segmentedFilter, selectFilter } from '../../components/data-table/table-filters';
import { categoryOptions, useCategories } from '../../features/catalogue/api';

/** Keyword, category (its options load with the categories) and on/off sale. */
export function useProductFilters() {
  const categories = useCategories();
  return {
    keyword: searchFilter({
      placeholder: '商品名称 / 年代 / 材质 / 商品 ID',
      maxLength: 40,
      width: 340,
      testId: 'product-search',
    }),
    categoryId: selectFilter({
      parse: parseId,
      options: categoryOptions(categories.data ?? []),
      placeholder: '全部分类',
      width: 200,
      searchable: true,
      testId: 'product-category-filter',
    }),
    onSale: segmentedFilter<'all' | '1' | '0'>({
      options: [
        { value: 'all', label: '全部' },
        { value: '1', label: '在售' },
        { value: '0', label: '已下架' },
      ],
      defaultValue: 'all',
      testId: 'product-sale-filter',
    }),
  };
}
