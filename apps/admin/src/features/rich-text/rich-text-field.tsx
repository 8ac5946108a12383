import { Suspense, lazy, memo, useCallback, useLayoutEffect, useRef } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './rich-text-editor';

// The editor (Tiptap and ProseMirror) loads with the first form that shows one, on those pages
// only. It renders again only when its own props change, not with every keystroke elsewhere in
// the form (a dialog re-renders its fields on each change).
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: memo(m.default) })));

/**
 * The console's one rich-text editor as a form control: the Form.Item's value and onChange
 * pass through to the editor, loaded lazily behind a skeleton of about its height.
 */
export function RichTextField({ onChange, imageAlt, minHeight = 320, ...props }: RichTextEditorProps) {
  // The latest callbacks, behind ones that stay the same, so that the editor is not redrawn for them.
  const latest = useRef({ onChange, imageAlt });
  useLayoutEffect(() => {
    latest.current = { onChange, imageAlt };
  });
  const change = useCallback((html: string) => latest.current.onChange?.(html), []);
  const alt = useCallback(() => latest.current.imageAlt?.() ?? '', []);
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: Math.round(minHeight / 28) }} />}>
      <RichTextEditor {...props} onChange={change} imageAlt={alt} minHeight={minHeight} />
    </Suspense>
  );
}
