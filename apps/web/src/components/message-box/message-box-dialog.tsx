import { Dialog } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/dialog';
import { useMessageBoxStore } from './message-box.store';

/** The box itself, loaded the first time one is shown. */
export default function MessageBoxDialog() {
  const { visible, options, close } = useMessageBoxStore();
  const buttons: Action[] = [];
  if (options.showCancel) {
    buttons.push({
      key: 'cancel',
      text: <span data-testid="message-box-cancel">{options.cancelText}</span>,
      onClick: () => close(false),
    });
  }
  if (options.showConfirm) {
    buttons.push({
      key: 'confirm',
      text: <span data-testid="message-box-confirm">{options.confirmText}</span>,
      bold: true,
      onClick: () => close(true),
    });
  }
  return (
    <Dialog
      visible={visible}
      title={<span data-testid="message-box-title">{options.title}</span>}
      content={
        <div
          className={options.align === 'start' ? 'message-box-text message-box-text-start' : 'message-box-text'}
          data-testid="message-box-msg"
        >
          {options.msg}
        </div>
      }
      actions={buttons.length > 0 ? [buttons] : []}
      closeOnMaskClick={!options.showConfirm && !options.showCancel}
      onClose={() => close(false)}
    />
  );
}
