import type { Recharge, RechargeChannel } from '@antique/shared';
import { useState } from 'react';
import { navigateTo } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { useSubmitKey } from '../../lib/use-submit-key';
import { createRecharge, openPayPage } from './recharge.api';

const RETURN_KEY = (id: number) => `antique_recharge_return:${id}`;

/** Where the waiting page of a recharge leads once it is paid (the page the top-up was for), kept across the provider's page. */
export function rememberReturn(id: number, from: string | undefined): void {
  try {
    if (from) sessionStorage.setItem(RETURN_KEY(id), from);
  } catch {
    // Storage refused (private mode): the waiting page then offers the bills instead.
  }
}

export function returnAfterRecharge(id: number): string | undefined {
  try {
    return sessionStorage.getItem(RETURN_KEY(id)) ?? undefined;
  } catch {
    return undefined;
  }
}

export const rechargeResultPath = (id: number) => pagePath('rechargeResult', { id });

/**
 * Pays online: opens the recharge (one Idempotency-Key per attempt), puts the waiting page in
 * the history (so that backing out of the provider's page lands on it), then leaves for the
 * provider's page. The caller says what went wrong.
 */
export function useOnlineTopUp({ from }: { from?: string } = {}) {
  const submitKey = useSubmitKey();
  const [busy, setBusy] = useState(false);
  const start = async (input: { channel: RechargeChannel; amount?: number; orderId?: number }): Promise<Recharge> => {
    setBusy(true);
    try {
      const recharge = await createRecharge(input, submitKey.keyFor(input));
      submitKey.settle();
      rememberReturn(recharge.id, from);
      await navigateTo(rechargeResultPath(recharge.id));
      if (recharge.payUrl) openPayPage(recharge.payUrl);
      return recharge;
    } catch (error) {
      submitKey.settle(error);
      throw error;
    } finally {
      setBusy(false);
    }
  };
  return { start, busy };
}
