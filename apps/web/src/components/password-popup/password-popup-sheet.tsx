import NumberKeyboard from 'antd-mobile/es/components/number-keyboard';
import PasscodeInput from 'antd-mobile/es/components/passcode-input';
import { Sheet } from '../sheet/sheet';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';

export const PASSWORD_LENGTH = 6;

export interface PasswordPopupProps {
  visible: boolean;
  title?: string;
  description?: string;
  error?: string | null;
  /** Called with the six digits once the last one is typed; the popup then starts empty again. */
  onFill(password: string): void;
  onClose(): void;
}

/** Six-digit password entry: the passcode cells and the number keyboard in a bottom popup. */
export function PasswordPopupSheet({ visible, title, description, error, onFill, onClose }: PasswordPopupProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');

  const change = (next: string) => {
    const digits = next.replace(/\D/g, '').slice(0, PASSWORD_LENGTH);
    if (digits.length === PASSWORD_LENGTH) {
      setValue('');
      onFill(digits);
    } else {
      setValue(digits);
    }
  };

  // A hardware keyboard types into the cells as well, for desktops and tablets: listening
  // from the moment the popup shows (a layout effect), so no digit typed at once is lost.
  useLayoutEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => {
      if (/^\d$/.test(event.key)) {
        event.preventDefault();
        setValue((current) => {
          const next = (current + event.key).slice(0, PASSWORD_LENGTH);
          if (next.length === PASSWORD_LENGTH) {
            queueMicrotask(() => onFill(next));
            return '';
          }
          return next;
        });
      } else if (event.key === 'Backspace') {
        event.preventDefault();
        setValue((current) => current.slice(0, -1));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible, onFill]);

  return (
    <Sheet
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={() => setValue('')}
      bodyClassName="password-popup"
      destroyOnClose
    >
      <div className="password-popup-body" data-testid="password-popup">
        <div className="password-popup-header">
          <button type="button" className="password-popup-close" onClick={onClose} aria-label={t('common.cancel')}>
            ×
          </button>
          <div className="password-popup-title">{title ?? t('passwordPopup.title')}</div>
        </div>
        <p className="password-popup-description">{description ?? t('passwordPopup.description')}</p>
        {/* Display only: digits come from the number keyboard below, never the phone's own keyboard. */}
        <div className="password-popup-cells" data-testid="password-popup-input" data-length={value.length}>
          <PasscodeInput length={PASSWORD_LENGTH} value={value} error={Boolean(error)} seperated />
        </div>
        <div className="password-popup-error" role="alert" data-testid="password-popup-error">
          {error ?? ''}
        </div>
      </div>
      <NumberKeyboard
        visible={visible}
        confirmText={null}
        showCloseButton={false}
        onInput={(digit) => change(value + digit)}
        onDelete={() => setValue((current) => current.slice(0, -1))}
        safeArea
        data-testid="password-popup-keyboard"
      />
    </Sheet>
  );
}
