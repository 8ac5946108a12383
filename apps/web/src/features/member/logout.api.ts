import { accountsApi } from '@antique/shared/routes';
import { call } from '../../lib/request';
import { endSession } from './session.actions';

/**
 * Ends the session on the server (its token stops working there too), then here. The phone
 * forgets the session whatever the server answers: a member who taps log out is logged out.
 */
export async function logout(): Promise<void> {
  try {
    await call(accountsApi.logout, {});
  } catch {
    // Offline or already ended: nothing left to revoke that this phone can reach.
  } finally {
    endSession();
  }
}
