import { parseYuan, type Holding } from '@antique/shared';
import { Button } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { RuleAgreement } from '../../features/rule/rule-link';
// The sheet's styles sit with the feature's, which other sheets of it share.
import '../../features/custody/custody.css';

interface DelegateSheetProps {
  holding: Holding | null;
  busy: boolean;
  onClose(): void;
  /** The reserve in fen, or undefined for none. */
  onConfirm(reservePrice: number | undefined): void;
}

/** Consign one held piece for auction: an optional reserve in yuan, the house's terms, confirm. */
export function DelegateSheet({ holding, busy, onClose, onConfirm }: DelegateSheetProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  useEffect(() => {
    if (holding) setText('');
  }, [holding]);
  const trimmed = text.trim();
  const reserve = trimmed === '' ? undefined : parseYuan(trimmed);
  const invalid = reserve === null || reserve === 0;
  return (
    <Sheet
      visible={holding !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="custody-sheet"
      destroyOnClose
    >
      <div className="custody-sheet-body" data-testid="delegate-sheet">
        <h2 className="custody-sheet-title">{t('delegate.sheetTitle')}</h2>
        <p className="custody-sheet-text">{holding?.title}</p>
        <label className="custody-sheet-text" htmlFor="delegate-reserve">
          {t('delegate.reserveLabel')}
        </label>
        <span className="delegate-input">
          <span>¥</span>
          <input
            id="delegate-reserve"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('delegate.reservePlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="delegate-reserve"
          />
        </span>
        {invalid && (
          <span className="delegate-error" role="alert" data-testid="delegate-error">
            {t('delegate.reserveInvalid')}
          </span>
        )}
        <p className="custody-sheet-text">{t('delegate.terms')}</p>
        <Button
          block
          color="primary"
          size="large"
          className="gold-button"
          disabled={invalid}
          loading={busy}
          onClick={() => {
            if (!invalid) onConfirm(reserve);
          }}
          data-testid="delegate-confirm"
        >
          {t('delegate.confirm')}
        </Button>
        <RuleAgreement id="delegate" />
      </div>
    </Sheet>
  );
}
