import { Button, Checkbox } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { CloseOutline, DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { pagePath, routePaths } from '../../lib/route-paths';
import { EmptyState } from '../../components/empty-state/empty-state';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { QuantityStepper } from '../../components/quantity-stepper/quantity-stepper';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { productPath } from './product-card';
import { maxQuantity, useCartStore, type CartLine } from './cart.store';
import './cart.css';

export const CREATE_ORDER_FROM_CART = pagePath('createOrder', { from: 'cart' });
const MALL_PATH = routePaths.mall;

function CartLineRow({ line, onOpen }: { line: CartLine; onOpen(): void }) {
  const { t } = useTranslation();
  const setQuantity = useCartStore((state) => state.setQuantity);
  const toggle = useCartStore((state) => state.toggle);
  const remove = useCartStore((state) => state.remove);
  return (
    <li className="cart-line" data-testid="cart-line" data-id={line.productId}>
      <Checkbox
        checked={line.selected}
        onChange={() => toggle(line.productId)}
        aria-label={line.title}
        data-testid={`cart-select-${line.productId}`}
      />
      <button type="button" className="cart-line-cover" onClick={onOpen} aria-label={line.title}>
        <LazyImage src={line.cover} alt="" ratio={1} />
      </button>
      <div className="cart-line-main">
        <div className="cart-line-title">{line.title}</div>
        <div className="cart-line-stock">{t('cart.stockLeft', { count: line.stock })}</div>
        <div className="cart-line-bottom">
          <PriceText fen={line.price} size="sm" />
          <QuantityStepper
            value={line.quantity}
            max={Math.max(1, maxQuantity(line.stock))}
            onChange={(quantity) => setQuantity(line.productId, quantity)}
            testId={`cart-qty-${line.productId}`}
          />
        </div>
      </div>
      <button
        type="button"
        className="cart-line-remove"
        onClick={() => remove([line.productId])}
        aria-label={t('cart.remove')}
        data-testid={`cart-remove-${line.productId}`}
      >
        <DeleteOutline />
      </button>
    </li>
  );
}

/** The draft cart in a bottom sheet: tick lines, step quantities, check out the ticked ones. */
export function CartSheet({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const lines = useCartStore((state) => state.lines);
  const selectAll = useCartStore((state) => state.selectAll);
  const clear = useCartStore((state) => state.clear);
  const selected = lines.filter((line) => line.selected);
  const total = selected.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const pieces = selected.reduce((sum, line) => sum + line.quantity, 0);
  const allSelected = lines.length > 0 && selected.length === lines.length;
  const onMall = window.location.hash.startsWith(`#${MALL_PATH}`);

  const open = (path: string) => {
    onClose();
    go(path);
  };

  const askClear = async () => {
    if (await showMessageBox({ msg: t('cart.clearConfirm') })) clear();
  };

  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="cart-sheet" destroyOnClose>
      <div className="cart-sheet-inner" data-testid="cart-sheet">
        <header className="cart-sheet-header">
          <span className="cart-sheet-title">
            {t('cart.title')}
            {lines.length > 0 && <span className="cart-sheet-count">{t('cart.kinds', { count: lines.length })}</span>}
          </span>
          {lines.length > 0 && (
            <button type="button" className="cart-sheet-clear" onClick={() => void askClear()} data-testid="cart-clear">
              {t('cart.clear')}
            </button>
          )}
          <button type="button" className="cart-sheet-close" onClick={onClose} aria-label={t('common.cancel')}>
            <CloseOutline />
          </button>
        </header>
        {lines.length === 0 ? (
          <EmptyState
            title={t('cart.empty')}
            description={t('cart.emptyHint')}
            actionText={onMall ? undefined : t('cart.goMall')}
            onAction={onMall ? undefined : () => open(MALL_PATH)}
            testId="cart-empty"
          />
        ) : (
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineRow key={line.productId} line={line} onOpen={() => open(productPath(line.productId))} />
            ))}
          </ul>
        )}
        {lines.length > 0 && (
          <footer className="cart-sheet-footer">
            <Checkbox checked={allSelected} onChange={(checked) => selectAll(checked)} data-testid="cart-select-all">
              {t('cart.selectAll')}
            </Checkbox>
            <div className="cart-sheet-total">
              <span>{t('cart.total')}</span>
              <PriceText fen={total} size="md" testId="cart-total" />
            </div>
            <Button
              color="primary"
              shape="rounded"
              className="gold-button"
              disabled={selected.length === 0}
              onClick={() => open(CREATE_ORDER_FROM_CART)}
              data-testid="cart-checkout"
            >
              {t('cart.checkout', { count: pieces })}
            </Button>
          </footer>
        )}
      </div>
    </Sheet>
  );
}
