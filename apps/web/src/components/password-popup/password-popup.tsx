import { lazySheet } from '../sheet/lazy-sheet';
import type { PasswordPopupProps } from './password-popup-sheet';

/**
 * Six-digit password entry (password-popup-sheet): its keypad's code loads at the member's first touch of the page
 * or when the member is first asked for the password.
 */
export const PasswordPopup = lazySheet<PasswordPopupProps>(() =>
  import('./password-popup-sheet').then((module) => module.PasswordPopupSheet),
);
