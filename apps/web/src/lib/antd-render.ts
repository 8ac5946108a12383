import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';
import { closeWithPage } from './page-overlays';

/** The handle antd-mobile's imperative wrapper exposes through its ref: `close` animates out and calls `onClose`. */
interface ImperativeHandle {
  close(): void;
}

interface Rendered {
  container: Element | DocumentFragment;
  handle: { current: ImperativeHandle | null } | null;
}

function handleOf(node: unknown): Rendered['handle'] {
  const ref = (node as { props?: { ref?: unknown } } | null)?.props?.ref;
  return typeof ref === 'object' && ref !== null && 'current' in ref ? (ref as Rendered['handle']) : null;
}

// Everything antd-mobile shows imperatively and has not yet taken down.
const rendered = new Set<Rendered>();

// antd-mobile renders Toast (and Dialog.show, Modal.show, ActionSheet.show, ImageViewer.show)
// imperatively; under React 19 it needs createRoot. Loaded with the first toast (lib/toast); a
// page that calls another imperative component imports this module first.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(container);
  const root = host._reactRoot;
  const entry: Rendered = { container, handle: handleOf(node) };
  rendered.add(entry);
  root.render(node);
  return async () => {
    rendered.delete(entry);
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

// An imperative dialog is drawn outside the page's tree, so it would outlive the page: closed
// (as a dismissal: a confirm answers false) when the page goes. A toast is a message, not a
// question, and may outlast its page ("saved", then back).
closeWithPage(() => {
  for (const entry of rendered) {
    if (entry.container.querySelector('.adm-toast-mask')) continue;
    entry.handle?.current?.close();
  }
});
