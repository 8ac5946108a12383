import { Skeleton } from 'antd-mobile';
import { useSanitizedHtml } from '../../lib/use-sanitized-html';

interface RichTextBodyProps {
  /** What the house stored; made safe here before it is shown. */
  html: string;
  className: string;
  /** Shown when the text is empty. */
  emptyText: string;
  emptyClassName: string;
  testId: string;
}

/**
 * A piece's description: three grey lines while the sanitiser loads, then the text made safe, or
 * a line saying there is none. The sanitiser starts when this mounts, so a page that mounts it
 * after its first paint keeps DOMPurify off its first screen.
 */
export function RichTextBody({ html, className, emptyText, emptyClassName, testId }: RichTextBodyProps) {
  const clean = useSanitizedHtml(html);
  if (clean === null) return <Skeleton.Paragraph lineCount={3} animated />;
  if (!clean.trim()) return <p className={emptyClassName}>{emptyText}</p>;
  return <div className={`rich-text ${className}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
