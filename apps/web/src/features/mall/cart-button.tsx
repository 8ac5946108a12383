import { Badge } from 'antd-mobile';
import { ShopbagOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { lazySheet } from '../../components/sheet/lazy-sheet';
import { useTranslation } from '../../lib/use-translation';
import { useCartCount } from './cart.store';
import './cart.css';

// The cart's sheet (its lines, checkboxes and steppers) loads at the member's first touch of
// the page or when the cart is first opened.
const CartSheet = lazySheet<{ visible: boolean; onClose(): void }>(() =>
  import('./cart-sheet').then((module) => module.CartSheet),
);

/** The cart's button with its count badge; opens the sheet. `float` sits over the page's corner. */
export function CartButton({ variant = 'float' }: { variant?: 'float' | 'bar' }) {
  const { t } = useTranslation();
  const count = useCartCount();
  const [visible, setVisible] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`cart-button cart-button-${variant}`}
        onClick={() => setVisible(true)}
        aria-label={t('cart.open')}
        data-testid="cart-open"
      >
        <Badge content={count > 0 ? (count > 99 ? '99+' : String(count)) : null} data-testid="cart-badge">
          <ShopbagOutline className="cart-button-icon" />
        </Badge>
        {variant === 'bar' && <span className="cart-button-label">{t('cart.title')}</span>}
      </button>
      <CartSheet visible={visible} onClose={() => setVisible(false)} />
    </>
  );
}
