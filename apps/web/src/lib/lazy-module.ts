import { useEffect, useState } from 'react';
import { showToast } from './toast';
import { useTranslation } from './use-translation';

/** Code fetched once, on the first `load()`; a failed load is tried again on the next. */
export interface LazyModule<T> {
  load(): Promise<T>;
  /** Starts the load ahead of need; a failure here waits for the next `load()`. */
  prefetch(): void;
  /** What it loaded, once it has. */
  loaded(): T | undefined;
}

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const module: LazyModule<T> = {
    load() {
      loading ??= load().then(
        (result) => (value = result),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    prefetch: () => void module.load().catch(() => undefined),
    loaded: () => value,
  };
  return module;
}

/**
 * The module once `wanted` has been true and it has come (at once when it came before); when it
 * cannot be fetched, the member reads that the network failed, and the next time it is wanted
 * it is asked for again.
 */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): T | undefined {
  const { t } = useTranslation();
  const [value, setValue] = useState<T | undefined>(() => module.loaded());
  useEffect(() => {
    if (!wanted || value !== undefined) return;
    let current = true;
    module.load().then(
      (loaded) => current && setValue(() => loaded),
      () => current && showToast(t('errors.network')),
    );
    return () => {
      current = false;
    };
  }, [module, wanted, value, t]);
  return value;
}
