import type { Address } from '@antique/shared';
import { Button, Radio } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { useAddressesQuery } from '../../features/address/address.api';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { RuleAgreement } from '../../features/rule/rule-link';
// The sheet's styles sit with the feature's, which other sheets of it share.
import '../../features/custody/custody.css';

interface PickSheetProps {
  visible: boolean;
  count: number;
  busy: boolean;
  onClose(): void;
  onConfirm(address: Address): void;
}

/** Where the chosen pieces go: one of the member's addresses (the default chosen first), then confirm. */
export function PickSheet({ visible, count, busy, onClose, onConfirm }: PickSheetProps) {
  const { t } = useTranslation();
  const query = useAddressesQuery();
  const addresses = useMemo(() => query.data ?? [], [query.data]);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    if (!visible) return;
    setChosen((current) =>
      current !== null && addresses.some((address) => address.id === current)
        ? current
        : ((addresses.find((address) => address.isDefault) ?? addresses[0])?.id ?? null),
    );
  }, [visible, addresses]);
  const address = addresses.find((item) => item.id === chosen);
  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="custody-sheet" destroyOnClose>
      <div className="custody-sheet-body" data-testid="pick-sheet">
        <h2 className="custody-sheet-title">{t('pick.sheetTitle', { count })}</h2>
        <p className="custody-sheet-text">{t('pick.sheetText')}</p>
        {query.isPending ? (
          <p className="custody-sheet-text">{t('common.loading')}</p>
        ) : addresses.length === 0 ? (
          <EmptyState
            title={t('pick.noAddress')}
            actionText={t('pick.addAddress')}
            onAction={() => go(pagePath('address'))}
            testId="pick-sheet-no-address"
          />
        ) : (
          <Radio.Group value={chosen ?? undefined} onChange={(value) => setChosen(Number(value))}>
            {addresses.map((item) => (
              <button
                type="button"
                key={item.id}
                className={`pick-address${item.id === chosen ? ' pick-address-active' : ''}`}
                onClick={() => setChosen(item.id)}
                data-testid="pick-address"
                data-id={item.id}
              >
                <Radio value={item.id} />
                <span className="pick-address-main">
                  <span>
                    {item.name} {item.phone}
                    {item.isDefault && <span className="pick-address-tag">{t('address.default')}</span>}
                  </span>
                  <span className="pick-address-detail">
                    {item.province}
                    {item.city}
                    {item.district} {item.detail}
                  </span>
                </span>
              </button>
            ))}
          </Radio.Group>
        )}
        <Button
          block
          color="primary"
          size="large"
          className="gold-button"
          disabled={!address}
          loading={busy}
          onClick={() => address && onConfirm(address)}
          data-testid="pick-sheet-confirm"
        >
          {t('pick.confirm')}
        </Button>
        <RuleAgreement id="pick" />
      </div>
    </Sheet>
  );
}
