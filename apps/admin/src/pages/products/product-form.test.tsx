import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminProduct, Category, ProductInput } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { ApiError } from '../../lib/request';
import { loadRichTextEditor, pasteRichText } from '../../test/rich-text';
import { ProductForm, priceProblem, valuesToInput, productToValues } from './product-form';

beforeAll(loadRichTextEditor, 60_000);

const categories: Category[] = [
  { id: 1, name: '瓷器', icon: '', parentId: null, sort: 0 },
  { id: 2, name: '青花', icon: '', parentId: 1, sort: 0 },
  { id: 3, name: '玉器', icon: '', parentId: null, sort: 1 },
];

const product: AdminProduct = {
  id: 7,
  title: '清乾隆 青花缠枝莲纹梅瓶',
  cover: '/files/product/202611/cover',
  images: ['/files/product/202611/a', '/files/product/202611/b'],
  price: 880_000,
  marketPrice: 1_200_050,
  stock: 1,
  sales: 0,
  categoryId: 2,
  tags: ['官窑'],
  description: '<p>器型端庄</p>',
  era: '清乾隆',
  material: '瓷',
  dimensions: '高 32cm',
  provenance: '日本藏家旧藏',
  onSale: false,
  createdAt: 0,
  updatedAt: 0,
};

function png(name = 'a.png', bytes = 1024, type = 'image/png') {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** Answers GET /oss with a ticket and the signed PUT with the envelope naming the file's URL. */
function uploadsApi() {
  let n = 0;
  return fakeApi((call) => {
    if (call.url.pathname === '/v1/admin/oss') {
      n += 1;
      return {
        data: {
          uploadUrl: `/v1/iyd/oss/upload?key=product%2F202611%2Fk${n}&sig=s`,
          method: 'PUT',
          headers: {},
          fields: {},
          key: `product/202611/k${n}`,
          url: `/files/product/202611/k${n}`,
          expiresAt: Date.now() + 60_000,
          maxBytes: 5 * 1024 * 1024,
        },
      };
    }
    if (call.url.pathname === '/v1/iyd/oss/upload') {
      const key = call.url.searchParams.get('key') ?? '';
      return { data: { key, url: `/files/${key}` } };
    }
    return undefined;
  });
}

function renderForm(initial?: AdminProduct) {
  const onSubmit = vi.fn(async (_input: ProductInput) => undefined);
  renderWithProviders(<ProductForm initial={initial} categories={categories} onSubmit={onSubmit} />);
  return { onSubmit };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function chooseCategory(label: string) {
  const select = screen.getByTestId('product-category');
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

describe('product form', () => {
  it('sends prices typed in yuan as integer fen, with every field of productInput', async () => {
    saveToken('tok');
    const { calls } = uploadsApi();
    const { onSubmit } = renderForm();

    type('product-title', '  清雍正 粉彩过枝桃纹盘  ');
    await chooseCategory('瓷器 / 青花');
    type('product-price', '12,345.67');
    type('product-market-price', '20000.5');
    type('product-stock', '3');
    type('product-era', '清雍正');
    type('product-material', '瓷');
    type('product-dimensions', '口径 20cm');
    type('product-provenance', '香港佳士得 2008 年');
    const description = await pasteRichText('product-description', '<p>过枝桃纹</p><script>alert(1)</script>');
    fireEvent.change(screen.getByTestId('product-images-input'), {
      target: { files: [png('1.png'), png('2.jpg', 2048, 'image/jpeg')] },
    });
    await screen.findByTestId('product-image-1');
    fireEvent.click(screen.getByTestId('product-on-sale'));

    // The description is edited as it will show: the script never reaches the page.
    await waitFor(() => expect(description.innerHTML).toBe('<p>过枝桃纹</p>'));

    fireEvent.click(screen.getByTestId('product-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      title: '清雍正 粉彩过枝桃纹盘',
      categoryId: 2,
      // The first picture became the cover, as none was chosen.
      cover: '/files/product/202611/k1',
      images: ['/files/product/202611/k1', '/files/product/202611/k2'],
      price: 1_234_567,
      marketPrice: 2_000_050,
      stock: 3,
      description: '<p>过枝桃纹</p>',
      era: '清雍正',
      material: '瓷',
      dimensions: '口径 20cm',
      provenance: '香港佳士得 2008 年',
      tags: [],
      onSale: true,
    });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/v1/iyd/oss/upload');
    expect(put?.headers['Content-Type']).toBe('image/png');
    expect(calls.filter((c) => c.url.pathname === '/v1/admin/oss')[0]?.url.searchParams.get('purpose')).toBe('product');
    expect(calls.filter((c) => c.url.pathname === '/v1/admin/oss')[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('says in Chinese what is missing and sends nothing', async () => {
    const { onSubmit } = renderForm();

    fireEvent.click(screen.getByTestId('product-submit'));

    expect(await screen.findByText('请输入商品名称')).toBeInTheDocument();
    expect(await screen.findByText('请选择商品分类')).toBeInTheDocument();
    expect(await screen.findByText('请输入售价')).toBeInTheDocument();
    expect(await screen.findByText('请输入市场参考价')).toBeInTheDocument();
    expect(await screen.findByText('请上传封面图')).toBeInTheDocument();
    expect(await screen.findByText('请至少上传 1 张商品图片')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a one-character title, three decimals, a zero price and an empty stock', async () => {
    const { onSubmit } = renderForm(product);

    type('product-title', '瓶');
    type('product-price', '12.345');
    type('product-market-price', '0');
    type('product-stock', '');
    fireEvent.click(screen.getByTestId('product-submit'));

    expect(await screen.findByText('商品名称为 2 至 60 个字')).toBeInTheDocument();
    expect(await screen.findByText('售价格式不正确：请输入数字，最多两位小数')).toBeInTheDocument();
    expect(await screen.findByText('市场参考价必须大于 0')).toBeInTheDocument();
    expect(await screen.findByText('请输入库存')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts a product on sale with the same prices in fen when only the switch is flipped', async () => {
    const { onSubmit } = renderForm(product);

    expect(screen.getByTestId('product-price')).toHaveValue('8800.00');
    expect(screen.getByTestId('product-market-price')).toHaveValue('12000.50');
    const toggle = screen.getByTestId('product-on-sale');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByTestId('product-submit'));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const input = onSubmit.mock.calls[0]?.[0];
    expect(input).toMatchObject({ onSale: true, price: 880_000, marketPrice: 1_200_050, stock: 1, categoryId: 2 });
    expect(input?.images).toEqual(product.images);
  });

  it('shows a stored description in the editor and saves it as stored while it is left alone', async () => {
    // Markup the editor would write differently (b for strong, the line breaks between blocks),
    // and a script an old import left: the server sanitises what it is sent.
    const stored =
      '<h3>器物描述</h3>\n<p>青花<b>发色浓艳</b></p>\n<h4>款识</h4><ul><li>底款</li></ul><script>x()</script>';
    const { onSubmit } = renderForm({ ...product, description: stored });

    const editable = await screen.findByTestId('product-description', {}, { timeout: 5000 });
    await waitFor(() => expect(within(editable).getByText('发色浓艳').tagName).toBe('STRONG'));
    expect(within(editable).getByText('款识').tagName).toBe('H4');
    expect(editable.innerHTML).not.toContain('script');
    type('product-price', '9000');
    fireEvent.click(screen.getByTestId('product-submit'));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ price: 900_000, description: stored });
  });

  it('reorders and removes pictures and makes one the cover', async () => {
    const { onSubmit } = renderForm(product);

    fireEvent.click(screen.getByTestId('product-image-right-0'));
    fireEvent.click(screen.getByTestId('product-image-cover-0'));
    fireEvent.click(screen.getByTestId('product-image-remove-1'));
    fireEvent.click(screen.getByTestId('product-submit'));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      images: ['/files/product/202611/b'],
      cover: '/files/product/202611/b',
    });
  });

  it('refuses a GIF and a file over 5 MB before asking for an upload ticket', async () => {
    const { calls } = uploadsApi();
    renderForm();

    fireEvent.change(screen.getByTestId('product-cover-input'), {
      target: { files: [png('anim.gif', 100, 'image/gif')] },
    });
    expect(await screen.findByText('「anim.gif」不是 JPG、PNG 或 WebP 图片')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('product-images-input'), {
      target: { files: [png('big.png', 5 * 1024 * 1024 + 1)] },
    });
    expect(await screen.findByText('「big.png」超过 5 MB，请压缩后再上传')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s message on the field a 400 names', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, '商品名称包含违禁词', { reason: 'INVALID', field: 'title' });
    });
    renderWithProviders(<ProductForm initial={product} categories={categories} onSubmit={onSubmit} />);

    fireEvent.click(screen.getByTestId('product-submit'));

    await waitFor(() => expect(screen.getAllByText('商品名称包含违禁词').length).toBeGreaterThanOrEqual(1));
    expect(screen.getByTestId('product-title').closest('.ant-form-item')).toHaveTextContent('商品名称包含违禁词');
  });
});

describe('product form values', () => {
  it('round-trips a product through the form values', () => {
    expect(valuesToInput(productToValues(product))).toEqual({
      title: product.title,
      categoryId: 2,
      cover: product.cover,
      images: product.images,
      price: 880_000,
      marketPrice: 1_200_050,
      stock: 1,
      description: product.description,
      era: product.era,
      material: product.material,
      dimensions: product.dimensions,
      provenance: product.provenance,
      tags: ['官窑'],
      onSale: false,
    });
  });

  it.each([
    ['', '请输入售价'],
    ['abc', '售价格式不正确：请输入数字，最多两位小数'],
    ['0.00', '售价必须大于 0'],
    ['100,000,000.01', '售价不能超过 ¥100,000,000.00'],
    ['100,000,000', null],
    ['0.01', null],
  ])('price %j → %j', (text, problem) => {
    expect(priceProblem(text, '售价')).toBe(problem);
  });
});
