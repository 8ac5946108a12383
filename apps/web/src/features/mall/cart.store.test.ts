import type { Product } from '@antique/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { productFixture } from '../../test/product-fixture';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { i18n } from '../../lib/i18n';
import { CART_STORAGE_KEY, MAX_CART_LINES, useCartStore, type CartProduct } from './cart.store';
import { describeCartCheck, revalidateCart } from './revalidate-cart';

const piece = (id: number, stock: number, price = 120_000): CartProduct => ({
  id,
  title: `藏品${id}`,
  cover: `/files/${id}.jpg`,
  price,
  stock,
});

const product = (id: number, patch: Partial<Product> = {}): Product =>
  productFixture(id, { ...piece(id, 5), marketPrice: 200_000, ...patch });

const cart = () => useCartStore.getState();
const quantities = () => Object.fromEntries(cart().lines.map((line) => [line.productId, line.quantity]));

beforeEach(() => {
  useCartStore.setState({ lines: [] });
});

describe('cart store', () => {
  it('adds a product as a ticked line, newest first, and adds to the quantity of one already there', () => {
    expect(cart().add(piece(1, 5))).toBe('added');
    expect(cart().add(piece(2, 5), 2)).toBe('added');
    expect(cart().add(piece(1, 5))).toBe('added');
    expect(cart().lines.map((line) => line.productId)).toEqual([2, 1]);
    expect(quantities()).toEqual({ 1: 2, 2: 2 });
    expect(cart().lines.every((line) => line.selected)).toBe(true);
  });

  it('steps quantities between 1 and the stock, and never past 99', () => {
    cart().add(piece(1, 3));
    cart().setQuantity(1, 2);
    cart().setQuantity(1, 3);
    cart().setQuantity(1, 4);
    expect(quantities()[1]).toBe(3);
    cart().setQuantity(1, 0);
    expect(quantities()[1]).toBe(1);

    expect(cart().add(piece(2, 500), 98)).toBe('added');
    expect(cart().add(piece(2, 500), 5)).toBe('capped');
    expect(quantities()[2]).toBe(99);
  });

  it('refuses a sold-out product, and a new kind once the cart is full', () => {
    expect(cart().add(piece(1, 0))).toBe('soldOut');
    for (let id = 1; id <= MAX_CART_LINES; id++) cart().add(piece(id, 5));
    expect(cart().add(piece(999, 5))).toBe('full');
    expect(cart().add(piece(1, 5))).toBe('added');
    expect(cart().lines).toHaveLength(MAX_CART_LINES);
  });

  it('keeps its lines on the device and reads them back', async () => {
    cart().add(piece(7, 4), 3);
    const stored = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}') as {
      state: { lines: { productId: number; quantity: number }[] };
    };
    expect(stored.state.lines).toMatchObject([{ productId: 7, quantity: 3 }]);

    useCartStore.setState({ lines: [] });
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(stored));
    await useCartStore.persist.rehydrate();
    expect(quantities()).toEqual({ 7: 3 });
  });

  it('drops lines gone off sale or out of stock before an order, lowers quantities to the stock, and says which', async () => {
    cart().add(piece(1, 5), 1);
    cart().add(piece(2, 5), 1);
    cart().add(piece(3, 5), 1);
    cart().add(piece(4, 5), 1);
    cart().add(piece(5, 5), 4);
    const latest: Record<number, Product | null> = {
      1: product(1, { price: 130_000 }),
      2: product(2, { title: '青花缠枝莲纹梅瓶', onSale: false }),
      3: product(3, { title: '和田白玉平安扣', stock: 0 }),
      4: null,
      5: product(5, { title: '紫檀笔筒', stock: 2 }),
    };
    const { calls } = stubFetch(({ url }) => {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      const found = latest[id];
      return found
        ? envelopeResponse({ code: 200, msg: 'ok', data: found })
        : envelopeResponse({ code: 404, msg: '商品不存在', data: null }, { status: 404 });
    });

    const check = await revalidateCart();

    expect(calls.map((call) => call.url).every((url) => url.startsWith('/v1/iyd/product/info?id='))).toBe(true);
    expect(quantities()).toEqual({ 1: 1, 5: 2 });
    expect(cart().lines.find((line) => line.productId === 1)?.price).toBe(130_000);
    expect(check.removed.map((item) => [item.productId, item.reason])).toEqual([
      [4, 'offSale'],
      [3, 'outOfStock'],
      [2, 'offSale'],
    ]);
    const message = describeCartCheck(check, i18n.t);
    expect(message).toContain('「青花缠枝莲纹梅瓶」');
    expect(message).toContain('已下架，已从购物车移除');
    expect(message).toContain('「和田白玉平安扣」已售罄');
    expect(message).toContain('「紫檀笔筒」库存不足，数量已调整为 2 件');
  });

  it('says a piece held by someone’s unpaid order is reserved, not sold out', async () => {
    cart().add(piece(6, 5), 1);
    stubFetch(() =>
      envelopeResponse({
        code: 200,
        msg: 'ok',
        data: product(6, { title: '龙泉窑胆瓶', stock: 0, reservedUntil: Date.now() + 600_000 }),
      }),
    );
    const check = await revalidateCart();
    expect(check.removed.map((item) => [item.productId, item.reason])).toEqual([[6, 'reserved']]);
    expect(describeCartCheck(check, i18n.t)).toBe('「龙泉窑胆瓶」已被其他藏家预订，已从购物车移除。');
  });

  it('says nothing when every line is still fine', async () => {
    cart().add(piece(1, 5), 2);
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: product(1) }));
    const check = await revalidateCart();
    expect(describeCartCheck(check, i18n.t)).toBeNull();
    expect(quantities()).toEqual({ 1: 2 });
  });
});
