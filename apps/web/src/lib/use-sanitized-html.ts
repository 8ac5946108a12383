import { useEffect, useState } from 'react';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | undefined;

/**
 * Rich text made safe to show, or null while the sanitiser (DOMPurify) is on its way: it
 * loads beside the page instead of holding up the page's first picture.
 */
export function useSanitizedHtml(html: string | undefined): string | null {
  const [clean, setClean] = useState<{ from: string; html: string } | null>(null);
  useEffect(() => {
    if (html === undefined) return;
    let live = true;
    sanitizer ??= import('@antique/shared/sanitize-html').then((module) => module.sanitizeHtml);
    void sanitizer.then((sanitize) => {
      if (live) setClean({ from: html, html: sanitize(html) });
    });
    return () => {
      live = false;
    };
  }, [html]);
  return clean && clean.from === html ? clean.html : null;
}
