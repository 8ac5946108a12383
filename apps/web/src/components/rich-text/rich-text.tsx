import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNearScreen } from '../../lib/use-near-screen';
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

// How far below the screen a text starts loading the sanitiser once the member has touched the
// page: a screen ahead of the finger.
const AHEAD = '0px 0px 100% 0px';

/**
 * Rich text (a rule, an article, a piece's description) made safe and shown. The sanitiser
 * (DOMPurify, 11 KiB gzip) loads when the text is on the screen, or within a screen of it once
 * the member has touched the page; so a lot or a piece whose description sits below the first
 * screen does not load it with the page, and one nobody scrolls to never does.
 */
export function RichText({ html, className, testId, lines, empty }: RichTextProps) {
  const { box, near } = useNearScreen('0px', false, AHEAD);
  const clean = useSanitizedHtml(near ? html : undefined);
  if (clean === null)
    return (
      <div ref={box}>
        <Skeleton.Paragraph lineCount={lines} animated />
      </div>
    );
  if (empty !== undefined && !clean.trim()) return empty;
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
