import { createOrderInput, type CreateOrderInput } from '@antique/shared';
import { Button, Skeleton } from 'antd-mobile';
import { ShieldCheckIcon } from '../../components/icons/shield-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { EmptyState } from '../../components/empty-state/empty-state';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { PriceText } from '../../components/price/price-text';
import { QuantityStepper } from '../../components/quantity-stepper/quantity-stepper';
import { maxQuantity, useCartStore, type CartLine } from '../../features/mall/cart.store';
import { useMemberInfoQuery } from '../../features/member/member-info.api';
import { useUserStore } from '../../features/member/user.store';
import { checkAgainstServer, describeCartCheck, revalidateCart } from '../../features/mall/revalidate-cart';
import { createOrder } from '../../features/orders/create-order.api';
import { orderPath } from '../../features/orders/order-card';
import { orderKey } from '../../features/orders/order.api';
import { orderListKey } from '../../features/orders/order-list.api';
import { rechargePath } from '../../components/top-up/explain-top-up';
import { useSubmitKey } from '../../lib/use-submit-key';
import { describeError } from '../../lib/describe-error';
import { formatMoney } from '../../lib/format-money';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import { showToast } from '../../lib/toast';
import './create-order.css';
import { pagePath, routePaths } from '../../lib/route-paths';

export const REMARK_MAX = 140;
const MALL_PATH = routePaths.mall;

type CheckState = 'checking' | 'ready' | 'failed';

interface BuyNow {
  productId: number;
  quantity: number;
}

function readBuyNow(params: Record<string, string>): BuyNow | null {
  const productId = Number(params.productId);
  if (!Number.isInteger(productId) || productId <= 0) return null;
  const quantity = Number(params.quantity);
  return { productId, quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1 };
}

function OrderLine({ line, onQuantity }: { line: CartLine; onQuantity(quantity: number): void }) {
  return (
    <li className="create-order-line" data-testid="create-order-line" data-id={line.productId}>
      <LazyImage src={line.cover} alt="" ratio={1} className="create-order-cover" />
      <div className="create-order-line-main">
        <div className="create-order-line-title">{line.title}</div>
        <div className="create-order-line-bottom">
          <PriceText fen={line.price} size="sm" />
          <QuantityStepper
            value={line.quantity}
            max={Math.max(1, maxQuantity(line.stock))}
            onChange={onQuantity}
            testId={`create-order-qty-${line.productId}`}
          />
        </div>
      </div>
    </li>
  );
}

/** Confirms the pieces (from the cart, or one "buy now"), re-read from the server, then creates the order. */
export default function CreateOrderPage() {
  const { t } = useTranslation();
  const params = usePageParams();
  const [buyNow] = useState(() => readBuyNow(params));
  const cartLines = useCartStore((state) => state.lines);
  const setCartQuantity = useCartStore((state) => state.setQuantity);
  const removeFromCart = useCartStore((state) => state.remove);
  const [buyLine, setBuyLine] = useState<CartLine | null>(null);
  const [state, setState] = useState<CheckState>('checking');
  const [checkError, setCheckError] = useState<unknown>(null);
  const [remark, setRemark] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const submitKey = useSubmitKey();
  const started = useRef(false);
  useMemberInfoQuery();
  const balance = useUserStore((state) => state.userInfo?.balance);

  const lines: CartLine[] = buyNow ? (buyLine ? [buyLine] : []) : cartLines.filter((line) => line.selected);
  const goodsAmount = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const pieces = lines.reduce((sum, line) => sum + line.quantity, 0);
  // Said before the piece is held: what the balance lacks, and where to add it.
  const shortfall = balance === undefined ? 0 : Math.max(0, goodsAmount - balance);

  /** Re-reads every piece: gone ones leave (with a message naming them), quantities come down to the stock. */
  const verify = useCallback(async () => {
    setState('checking');
    try {
      let message: string | null;
      if (buyNow) {
        const check = await checkAgainstServer([
          {
            productId: buyNow.productId,
            title: '',
            cover: '',
            price: 0,
            stock: 99,
            quantity: buyNow.quantity,
            selected: true,
          },
        ]);
        setBuyLine(check.lines[0] ?? null);
        // A piece that is gone is said by the page itself; only a lowered quantity needs a word.
        message = check.removed.length > 0 ? null : describeCartCheck(check, t);
      } else {
        const ids = useCartStore
          .getState()
          .lines.filter((line) => line.selected)
          .map((line) => line.productId);
        message = ids.length > 0 ? describeCartCheck(await revalidateCart(ids), t) : null;
      }
      setState('ready');
      if (message) void showMessageBox({ msg: message, showCancel: false });
    } catch (error) {
      setCheckError(error);
      setState('failed');
    }
  }, [buyNow, t]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void verify();
  }, [verify]);

  const setQuantity = (line: CartLine, quantity: number) => {
    if (buyNow) setBuyLine({ ...line, quantity: Math.min(quantity, maxQuantity(line.stock)) });
    else setCartQuantity(line.productId, quantity);
  };

  const submit = async () => {
    if (submitting || lines.length === 0) return;
    const input: CreateOrderInput = {
      items: lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
      remark: remark.trim() || undefined,
    };
    const parsed = createOrderInput.safeParse(input);
    if (!parsed.success) {
      showToast(t('invalid.generic'));
      return;
    }
    setSubmitting(true);
    try {
      const order = await createOrder(parsed.data, submitKey.keyFor(parsed.data));
      submitKey.settle();
      if (!buyNow) removeFromCart(parsed.data.items.map((item) => item.productId));
      queryClient.setQueryData(orderKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: orderListKey });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      go(orderPath(order.id), { replace: true });
    } catch (error) {
      submitKey.settle(error);
      if (isRequestError(error) && error.reason === 'OUT_OF_STOCK') {
        const productId = (error.data as { productId?: unknown } | null)?.productId;
        const title = lines.find((line) => line.productId === productId)?.title;
        await showMessageBox({
          msg: title
            ? t('createOrder.outOfStockNamed', { title: t('common.quoted', { text: title }) })
            : t('createOrder.outOfStock'),
          showCancel: false,
        });
        void verify();
      } else if (isRequestError(error) && error.reason === 'TOO_MANY_UNPAID_ORDERS') {
        const limit = (error.data as { limit?: unknown } | null)?.limit;
        const see = await showMessageBox({
          msg:
            typeof limit === 'number'
              ? t('createOrder.tooManyUnpaid', { count: limit })
              : t('createOrder.tooManyUnpaidPlain'),
          confirmText: t('createOrder.viewUnpaid'),
        });
        if (see) go(pagePath('orderList', { status: 'pending' }));
      } else {
        showToast(describeError(error, t));
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (state === 'checking' && lines.length === 0) {
    return (
      <div className="create-order" aria-busy="true" data-testid="create-order-loading">
        <div className="skeleton-lines">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <EmptyState
        status="error"
        title={t('createOrder.checkFailed')}
        description={describeError(checkError, t)}
        onAction={() => void verify()}
        testId="create-order-error"
      />
    );
  }
  if (lines.length === 0) {
    return (
      <EmptyState
        title={buyNow ? t('createOrder.unavailable') : t('createOrder.empty')}
        description={t('createOrder.emptyHint')}
        actionText={t('cart.goMall')}
        onAction={() => go(MALL_PATH, { replace: true })}
        testId="create-order-empty"
      />
    );
  }

  return (
    <div className="create-order" data-testid="create-order-page">
      <section className="create-order-custody">
        <ShieldCheckIcon className="create-order-custody-icon" />
        <div>
          <div className="create-order-custody-title">{t('createOrder.custodyTitle')}</div>
          <p className="create-order-custody-text">{t('createOrder.custodyText')}</p>
        </div>
      </section>

      <section className="create-order-card">
        <h2 className="create-order-card-title">{t('createOrder.pieces', { count: pieces })}</h2>
        <ul className="create-order-lines">
          {lines.map((line) => (
            <OrderLine key={line.productId} line={line} onQuantity={(quantity) => setQuantity(line, quantity)} />
          ))}
        </ul>
      </section>

      <section className="create-order-card">
        <div className="create-order-row">
          <span>{t('createOrder.goodsAmount')}</span>
          <PriceText fen={goodsAmount} size="sm" testId="create-order-goods-amount" />
        </div>
        <div className="create-order-row">
          <span>{t('createOrder.balance')}</span>
          <span
            className={shortfall > 0 ? 'create-order-balance create-order-balance-short' : 'create-order-balance'}
            data-testid="create-order-balance"
          >
            {balance === undefined ? '—' : formatMoney(balance)}
          </span>
        </div>
        <div className="create-order-row">
          <span>{t('createOrder.delivery')}</span>
          <span className="create-order-row-note">{t('createOrder.deliveryValue')}</span>
        </div>
        <div className="create-order-remark">
          <label htmlFor="create-order-remark">{t('createOrder.remark')}</label>
          <textarea
            id="create-order-remark"
            className="create-order-remark-input"
            value={remark}
            onChange={(event) => setRemark(event.target.value.slice(0, REMARK_MAX))}
            maxLength={REMARK_MAX}
            rows={3}
            placeholder={t('createOrder.remarkPlaceholder')}
            data-testid="create-order-remark"
          />
          <div className="create-order-remark-count" aria-hidden="true">
            {remark.length}/{REMARK_MAX}
          </div>
        </div>
      </section>

      {shortfall > 0 && (
        <section className="create-order-short" role="status" data-testid="create-order-short">
          <h2 className="create-order-short-title">
            {t('createOrder.shortTitle', { amount: formatMoney(shortfall) })}
          </h2>
          <p className="create-order-short-text">{t('createOrder.shortText')}</p>
        </section>
      )}

      <p className="create-order-note">{t('createOrder.payNote')}</p>

      <div className="create-order-bar">
        <div className="create-order-bar-total">
          <span>{t('createOrder.payable')}</span>
          <PriceText fen={goodsAmount} size="md" testId="create-order-total" />
        </div>
        {shortfall > 0 ? (
          <div className="create-order-bar-actions">
            <Button
              shape="rounded"
              className="outline-gold-button"
              loading={submitting}
              disabled={state !== 'ready'}
              onClick={() => void submit()}
              data-testid="create-order-submit"
            >
              {t('createOrder.submitAnyway')}
            </Button>
            <Button
              color="primary"
              shape="rounded"
              className="gold-button"
              onClick={() => go(rechargePath())}
              data-testid="create-order-top-up"
            >
              {t('createOrder.topUp')}
            </Button>
          </div>
        ) : (
          <Button
            color="primary"
            shape="rounded"
            className="gold-button"
            loading={submitting}
            disabled={state !== 'ready'}
            onClick={() => void submit()}
            data-testid="create-order-submit"
          >
            {t('createOrder.submit')}
          </Button>
        )}
      </div>
    </div>
  );
}
