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
  /** A toast: antd-mobile's Toast keeps its own current one, and only it may close it. */
  toast: boolean;
}

function handleOf(node: unknown): Rendered['handle'] {
  const ref = (node as { props?: { ref?: unknown } } | null)?.props?.ref;
  return typeof ref === 'object' && ref !== null && 'current' in ref ? (ref as Rendered['handle']) : null;
}

// Everything antd-mobile shows imperatively and has not yet taken down.
const rendered = new Set<Rendered>();

// Set while lib/toast calls antd-mobile's Toast, which renders synchronously through the hook below.
let renderingToast = 0;

/** Runs a call of antd-mobile's Toast, so that what it renders is known as a toast. */
export function asToast(call: () => void): void {
  renderingToast += 1;
  try {
    call();
  } finally {
    renderingToast -= 1;
  }
}

// antd-mobile renders Toast (and Dialog.show, Modal.show, ActionSheet.show, ImageViewer.show)
// imperatively; under React 19 it needs createRoot. Loaded with the first toast (lib/toast); a
// page that calls another imperative component imports this module first.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(container);
  const root = host._reactRoot;
  const entry: Rendered = { container, handle: handleOf(node), toast: renderingToast > 0 };
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
// question, and may outlast its page ("saved", then back). It is never closed from here: its
// mask is drawn in a portal, not in the container, and closing an old toast's wrapper makes
// antd-mobile forget the current one, which then stays on the screen over every button.
closeWithPage(() => {
  for (const entry of rendered) {
    if (!entry.toast) entry.handle?.current?.close();
  }
});
