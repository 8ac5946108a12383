import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { whenLoadedAndIdle } from '../../lib/when-loaded-and-idle';

/**
 * A sheet (anything shown on `visible`) whose module loads once the page is idle or when it
 * first opens, whichever comes first, so that its code (a keypad, an action sheet and the
 * antd-mobile parts under them) is not evaluated before the page's first screen. Nothing is
 * rendered before the first open.
 */
export function lazySheet<P extends { visible: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(loadOnce);
  function LazySheet(props: P) {
    const opened = useRef(false);
    if (props.visible) opened.current = true;
    useEffect(() => whenLoadedAndIdle(() => void loadOnce().catch(() => undefined)), []);
    if (!opened.current) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazySheet;
}
