/**
 * Whatever a page opened over itself (a confirmation, an imperative dialog) belongs to that
 * page: the shell calls `closePageOverlays` when the page goes (back, a link, a redirect), and
 * each mechanism that draws overlays outside the page's own tree registers how to close them.
 */
type Closer = () => void;

const closers = new Set<Closer>();

/** Registers how to close one kind of overlay when the page goes; returns the unregistering function. */
export function closeWithPage(closer: Closer): () => void {
  closers.add(closer);
  return () => {
    closers.delete(closer);
  };
}

/** Closes every registered overlay: called by the shell as a page leaves. */
export function closePageOverlays(): void {
  for (const close of [...closers]) close();
}
