import type { ProductCard as ProductCardData } from '@antique/shared';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { ProductCard } from './product-card';

const card: ProductCardData = {
  id: 12,
  title: '清乾隆 粉彩花卉纹碗',
  cover: '/files/bowl.jpg',
  price: 123_456,
  marketPrice: 1_500_000_00,
  stock: 3,
  sales: 17,
  categoryId: 2,
  tags: ['官窑', '传世'],
};

afterEach(() => changeLocale('zh-Hans', false));

describe('product card', () => {
  it('shows the price and the market price as yuan with thousands and fen', () => {
    render(<ProductCard product={card} testId="mall-product-item" />);
    expect(screen.getByTestId('product-item-price')).toHaveTextContent('¥1,234.56');
    expect(screen.getByTestId('product-item-market')).toHaveTextContent('¥1,500,000.00');
    expect(screen.getByText('已售 17')).toBeInTheDocument();
    expect(screen.getByTestId('mall-product-item')).toHaveAttribute('data-id', '12');
  });

  it('leaves out a market price that is not above the price, and marks a sold-out piece', () => {
    render(<ProductCard product={{ ...card, price: 100, marketPrice: 100, stock: 0 }} />);
    expect(screen.getByTestId('product-item-price')).toHaveTextContent('¥1.00');
    expect(screen.queryByTestId('product-item-market')).toBeNull();
    expect(screen.getByText('已售罄')).toBeInTheDocument();
  });

  it('shows a piece held by someone’s unpaid order as reserved, with when it comes free, not as sold out', () => {
    const at = new Date();
    at.setHours(23, 59, 0, 0);
    render(<ProductCard product={{ ...card, stock: 0, reservedUntil: at.getTime() }} />);
    expect(screen.getByTestId('product-item-badge')).toHaveTextContent('已被预订');
    expect(screen.getByTestId('product-item-meta')).toHaveTextContent('23:59 未付款则释放');
    expect(screen.queryByText('已售罄')).toBeNull();
  });

  it('keeps sold out for a piece with no unit held, and ignores a hold on a piece that has stock', () => {
    const { unmount } = render(<ProductCard product={{ ...card, stock: 0 }} />);
    expect(screen.getByTestId('product-item-badge')).toHaveTextContent('已售罄');
    unmount();
    render(<ProductCard product={{ ...card, stock: 2, reservedUntil: Date.now() + 60_000 }} />);
    expect(screen.queryByTestId('product-item-badge')).toBeNull();
    expect(screen.getByTestId('product-item-meta')).toHaveTextContent('已售 17');
  });

  it('writes CN¥ outside simplified Chinese, where a bare ¥ reads as yen, and follows a language switch', async () => {
    render(<ProductCard product={card} />);
    expect(screen.getByTestId('product-item-price')).toHaveTextContent(/^¥1,234\.56$/);
    await act(() => changeLocale('en', false));
    expect(screen.getByTestId('product-item-price')).toHaveTextContent(/^CN¥1,234\.56$/);
    expect(screen.getByTestId('product-item-market')).toHaveTextContent(/^CN¥1,500,000\.00$/);
    await act(() => changeLocale('fr', false));
    expect(screen.getByTestId('product-item-price').textContent?.replace(/\s/g, ' ')).toBe('1 234,56 CN¥');
  });
});
