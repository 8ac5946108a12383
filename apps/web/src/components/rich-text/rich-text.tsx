import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useSanitizedHtml } from '../../lib/use-sanitized-html';

interface RichTextProps {
  /** What the house stored; made safe here before it is shown. */
  html: string;
  /** Besides `rich-text`. */
  className?: string;
  testId?: string;
  /** Grey lines while the sanitiser (DOMPurify) loads. */
  lines: number;
  /** Shown instead when the text is empty; without it, the empty text is. */
  empty?: ReactNode;
}

/**
 * Rich text (a rule, an article, a piece's description) made safe and shown. The sanitiser loads
 * beside the page when this mounts, so that no page carries it on its first screen.
 */
export function RichText({ html, className, testId, lines, empty }: RichTextProps) {
  const clean = useSanitizedHtml(html);
  if (clean === null) return <Skeleton.Paragraph lineCount={lines} animated />;
  if (empty !== undefined && !clean.trim()) return empty;
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
