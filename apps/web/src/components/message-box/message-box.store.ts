import { create } from 'zustand';
import { i18n } from '../../lib/i18n';
import { closeWithPage } from '../../lib/page-overlays';

export interface MessageBoxOptions {
  title?: string;
  msg: string;
  confirmText?: string;
  cancelText?: string;
  showConfirm?: boolean;
  showCancel?: boolean;
  /** How the message lines up: centred (a sentence), or from the start (a list, such as an update's notes). */
  align?: 'center' | 'start';
  /**
   * Whose box it is: a page's (the default) closes, answered "no", when that page goes; the
   * app's (an update offer) stays over whatever page comes next.
   */
  scope?: 'page' | 'app';
}

export type ResolvedMessageBoxOptions = Required<MessageBoxOptions>;

interface MessageBoxState {
  visible: boolean;
  options: ResolvedMessageBoxOptions;
  /** Settles the promise of the box on screen: true for confirm, false for cancel or dismissal. */
  pending: ((confirmed: boolean) => void) | null;
  show(options: MessageBoxOptions): Promise<boolean>;
  close(confirmed: boolean): void;
}

function withDefaults(options: MessageBoxOptions): ResolvedMessageBoxOptions {
  return {
    title: options.title ?? i18n.t('common.warmReminder'),
    msg: options.msg,
    confirmText: options.confirmText ?? i18n.t('common.confirm'),
    cancelText: options.cancelText ?? i18n.t('common.cancel'),
    showConfirm: options.showConfirm ?? true,
    showCancel: options.showCancel ?? true,
    align: options.align ?? 'center',
    scope: options.scope ?? 'page',
  };
}

export const useMessageBoxStore = create<MessageBoxState>()((set, get) => ({
  visible: false,
  options: withDefaults({ msg: '' }),
  pending: null,
  show(options) {
    // A box already open is answered "no" before the new one takes its place.
    get().pending?.(false);
    return new Promise<boolean>((resolve) => {
      set({ visible: true, options: withDefaults(options), pending: resolve });
    });
  },
  close(confirmed) {
    const { pending } = get();
    set({ visible: false, pending: null });
    pending?.(confirmed);
  },
}));

/** Shows the message box; resolves true when confirmed, false when cancelled. */
export function showMessageBox(options: MessageBoxOptions): Promise<boolean> {
  return useMessageBoxStore.getState().show(options);
}

// A confirmation asked on one page never stands over the next one.
closeWithPage(() => {
  const { visible, options, close } = useMessageBoxStore.getState();
  if (visible && options.scope === 'page') close(false);
});
