import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { whenTouched } from '../../lib/when-touched';

/**
 * A sheet (anything shown on `visible`) whose module loads at the member's first touch of the
 * page or when it first opens, so that its code (a keypad, an action sheet and the
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
    useEffect(() => whenTouched(() => void loadOnce().catch(() => undefined)), []);
    if (!opened.current) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazySheet;
}
