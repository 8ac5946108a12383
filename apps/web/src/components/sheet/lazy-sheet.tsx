import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { lazyModule } from '../../lib/lazy-module';
import { whenTouched } from '../../lib/when-touched';

/**
 * A sheet (anything shown on `visible`) whose module loads at the member's first touch of the
 * page or when it first opens, so that its code (a keypad, an action sheet and the
 * antd-mobile parts under them) is not evaluated before the page's first screen. Nothing is
 * rendered before the first open.
 */
export function lazySheet<P extends { visible: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const module = lazyModule(load);
  const Lazy = lazy(() => module.load().then((component) => ({ default: component })));
  function LazySheet(props: P) {
    const opened = useRef(false);
    if (props.visible) opened.current = true;
    useEffect(() => whenTouched(module.prefetch), []);
    if (!opened.current) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazySheet;
}
