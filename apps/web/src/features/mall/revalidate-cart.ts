import type { Product } from '@antique/shared';
import type { TFunction } from '../../lib/translator';
import { isRequestError } from '../../lib/request-error';
import { fetchProduct } from './product.api';
import { checkLines, useCartStore, type CartCheck, type CartLine, type RemovalReason } from './cart.store';

/** Reads each product again; one the server no longer knows (404) comes back as null. */
export async function fetchLatestProducts(productIds: readonly number[]): Promise<Map<number, Product | null>> {
  const unique = [...new Set(productIds)];
  const products = await Promise.all(
    unique.map((id) =>
      fetchProduct(id).catch((error: unknown) => {
        if (isRequestError(error) && error.code === 404) return null;
        throw error;
      }),
    ),
  );
  return new Map(unique.map((id, index) => [id, products[index] ?? null]));
}

/** Checks lines against the server now. */
export async function checkAgainstServer(lines: readonly CartLine[]): Promise<CartCheck> {
  const latest = await fetchLatestProducts(lines.map((line) => line.productId));
  return checkLines(lines, latest);
}

/**
 * Before an order is made: re-reads the given cart lines (all by default), drops those gone
 * off sale or out of stock from the cart, and lowers quantities above the stock left.
 */
export async function revalidateCart(productIds?: readonly number[]): Promise<CartCheck> {
  const all = useCartStore.getState().lines;
  const lines = productIds ? all.filter((line) => productIds.includes(line.productId)) : all;
  const check = await checkAgainstServer(lines);
  useCartStore.getState().applyCheck(check);
  return check;
}

/** What to tell the member about a check, or null when nothing changed. */
export function describeCartCheck(check: CartCheck, t: TFunction): string | null {
  const parts: string[] = [];
  const quote = (text: string) => t('common.quoted', { text });
  const titles = (reason: RemovalReason) =>
    check.removed
      .filter((item) => item.reason === reason)
      .map((item) => quote(item.title))
      .join(t('common.listSeparator'));
  const offSale = titles('offSale');
  const soldOut = titles('outOfStock');
  const reserved = titles('reserved');
  if (offSale) parts.push(t('cart.removedOffSale', { titles: offSale }));
  if (soldOut) parts.push(t('cart.removedSoldOut', { titles: soldOut }));
  if (reserved) parts.push(t('cart.removedReserved', { titles: reserved }));
  for (const item of check.adjusted) {
    parts.push(t('cart.adjusted', { title: quote(item.title), count: item.quantity }));
  }
  return parts.length > 0 ? parts.join('\n') : null;
}
