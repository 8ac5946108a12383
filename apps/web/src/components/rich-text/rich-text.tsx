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

// How far below the screen a text starts loading the sanitiser: a screen ahead of the finger.
const AHEAD = '0px 0px 100% 0px';

/**
 * Rich text (a rule, an article, a piece's description) made safe and shown. The sanitiser
 * (DOMPurify, 11 KiB gzip) loads when the text comes within a screen of being seen, so that no
 * page carries it on its first screen, and a lot or a piece whose description nobody scrolls to
 * never loads it.
 */
export function RichText({ html, className, testId, lines, empty }: RichTextProps) {
  const { box, near } = useNearScreen(AHEAD);
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
