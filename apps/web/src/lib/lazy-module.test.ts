import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

describe('a module loaded on demand', () => {
  it('loads once, keeps what came, and tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('keypad');
    const module = lazyModule(load);
    expect(module.loaded()).toBeUndefined();
    await expect(module.load()).rejects.toThrow('offline');
    expect(await module.load()).toBe('keypad');
    expect(await module.load()).toBe('keypad');
    expect(module.loaded()).toBe('keypad');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
