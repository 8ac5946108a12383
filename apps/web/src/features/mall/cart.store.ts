import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, type Product, type ProductCard } from '@antique/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const CART_STORAGE_KEY = 'antique_auction_cart';
/** As many kinds as one order may hold. */
export const MAX_CART_LINES = MAX_ORDER_LINES;

export interface CartLine {
  productId: number;
  title: string;
  cover: string;
  /** The price when last read from the server, in fen. */
  price: number;
  stock: number;
  quantity: number;
  /** Ticked for checkout. */
  selected: boolean;
}

export type CartProduct = Pick<ProductCard, 'id' | 'title' | 'cover' | 'price' | 'stock'>;

export type AddResult = 'added' | 'capped' | 'soldOut' | 'full';

/** `reserved`: no unit free, one held by someone's unpaid order (it may come free again). */
export type RemovalReason = 'offSale' | 'outOfStock' | 'reserved';

export interface CartCheck {
  /** The lines still orderable, with the server's current title, price and stock. */
  lines: CartLine[];
  removed: { productId: number; title: string; reason: RemovalReason }[];
  /** Lines whose quantity was lowered to the stock left. */
  adjusted: { productId: number; title: string; quantity: number }[];
}

/** The most of one product a line may hold: the stock, and never more than 99. */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(stock, MAX_LINE_QUANTITY));
}

function clampQuantity(quantity: number, stock: number): number {
  return Math.max(1, Math.min(Math.floor(quantity), maxQuantity(stock)));
}

/**
 * Holds lines against what the server says now: a product missing (`null`), off sale or with
 * no stock left leaves; a quantity above the stock left comes down to it.
 */
export function checkLines(lines: readonly CartLine[], latest: ReadonlyMap<number, Product | null>): CartCheck {
  const result: CartCheck = { lines: [], removed: [], adjusted: [] };
  for (const line of lines) {
    if (!latest.has(line.productId)) {
      result.lines.push(line);
      continue;
    }
    const product = latest.get(line.productId) ?? null;
    if (!product || !product.onSale) {
      result.removed.push({ productId: line.productId, title: product?.title ?? line.title, reason: 'offSale' });
      continue;
    }
    if (product.stock <= 0) {
      result.removed.push({
        productId: line.productId,
        title: product.title,
        reason: product.reservedUntil !== undefined ? 'reserved' : 'outOfStock',
      });
      continue;
    }
    const quantity = clampQuantity(line.quantity, product.stock);
    if (quantity < line.quantity) result.adjusted.push({ productId: line.productId, title: product.title, quantity });
    result.lines.push({
      ...line,
      title: product.title,
      cover: product.cover,
      price: product.price,
      stock: product.stock,
      quantity,
    });
  }
  return result;
}

interface CartState {
  lines: CartLine[];
  add(product: CartProduct, quantity?: number): AddResult;
  setQuantity(productId: number, quantity: number): void;
  toggle(productId: number): void;
  selectAll(selected: boolean): void;
  remove(productIds: readonly number[]): void;
  clear(): void;
  /** Applies a check's result; lines added since the check began are kept. */
  applyCheck(check: CartCheck): void;
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      lines: [],
      add(product, quantity = 1) {
        const max = maxQuantity(product.stock);
        if (max <= 0) return 'soldOut';
        const lines = get().lines;
        const existing = lines.find((line) => line.productId === product.id);
        if (!existing && lines.length >= MAX_CART_LINES) return 'full';
        const wanted = (existing?.quantity ?? 0) + Math.max(1, Math.floor(quantity));
        const next = Math.min(wanted, max);
        const line: CartLine = {
          productId: product.id,
          title: product.title,
          cover: product.cover,
          price: product.price,
          stock: product.stock,
          quantity: next,
          selected: true,
        };
        set({
          lines: existing ? lines.map((item) => (item.productId === product.id ? line : item)) : [line, ...lines],
        });
        return next < wanted ? 'capped' : 'added';
      },
      setQuantity(productId, quantity) {
        set({
          lines: get().lines.map((line) =>
            line.productId === productId ? { ...line, quantity: clampQuantity(quantity, line.stock) } : line,
          ),
        });
      },
      toggle(productId) {
        set({
          lines: get().lines.map((line) =>
            line.productId === productId ? { ...line, selected: !line.selected } : line,
          ),
        });
      },
      selectAll(selected) {
        set({ lines: get().lines.map((line) => ({ ...line, selected })) });
      },
      remove(productIds) {
        const gone = new Set(productIds);
        set({ lines: get().lines.filter((line) => !gone.has(line.productId)) });
      },
      clear() {
        set({ lines: [] });
      },
      applyCheck(check) {
        const checked = new Map(check.lines.map((line) => [line.productId, line]));
        const removed = new Set(check.removed.map((item) => item.productId));
        set({
          lines: get()
            .lines.filter((line) => !removed.has(line.productId))
            .map((line) => {
              const fresh = checked.get(line.productId);
              return fresh ? { ...fresh, selected: line.selected } : line;
            }),
        });
      },
    }),
    {
      name: CART_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (state) => ({ lines: state.lines }),
    },
  ),
);

/** How many pieces the cart holds, for its badge. */
export function useCartCount(): number {
  return useCartStore((state) => state.lines.reduce((sum, line) => sum + line.quantity, 0));
}
