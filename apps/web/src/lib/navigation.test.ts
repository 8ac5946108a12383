import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindNavigator, go, navigateTo, NavigationLockedError } from './navigation';

afterEach(() => bindNavigator(null));

describe('navigation lock', () => {
  it('rejects a repeated navigation to the same target while the first is in flight', async () => {
    let finish: () => void = () => undefined;
    const navigate = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    bindNavigator({ navigate });

    const first = navigateTo('/pages/mall/mall');
    await expect(navigateTo('/pages/mall/mall')).rejects.toBeInstanceOf(NavigationLockedError);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    finish();
    await first;

    const again = navigateTo('/pages/mall/mall');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(2));
    finish();
    await again;
  });

  it('lets a different target through and drops locked repeats quietly in click handlers', async () => {
    const navigate = vi.fn(() => new Promise<void>(() => undefined));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    bindNavigator({ navigate });
    go('/pages/bill/bill');
    go('/pages/bill/bill');
    go('/pages/team/team');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(2));
    // Each navigation waits for its own page's code, so the two may land in either order.
    expect(navigate.mock.calls.map((call) => (call as unknown[])[0]).sort()).toEqual([
      '/pages/bill/bill',
      '/pages/team/team',
    ]);
    expect(log).not.toHaveBeenCalled();
  });
});
