import type { ReactNode } from 'react';

/**
 * A title with the characters of the search marked (青花瓷碗 marks 青花 and 碗 in
 * 明嘉靖 青花鱼藻纹碗): the server matched by terms, so every character of the query the
 * title holds is shown, letters case-insensitively.
 */
export function Highlighted({ text, keyword, className }: { text: string; keyword?: string; className?: string }) {
  const wanted = new Set([...(keyword ?? '').toLowerCase()].filter((c) => /[\p{L}\p{N}]/u.test(c)));
  if (wanted.size === 0) return <span className={className}>{text}</span>;
  const parts: ReactNode[] = [];
  let run = '';
  let marked = false;
  const flush = (key: number) => {
    if (!run) return;
    parts.push(marked ? <mark key={key}>{run}</mark> : run);
    run = '';
  };
  [...text].forEach((c, i) => {
    const hit = wanted.has(c.toLowerCase());
    if (hit !== marked) {
      flush(i);
      marked = hit;
    }
    run += c;
  });
  flush(text.length);
  return (
    <span className={className} data-testid="highlighted">
      {parts}
    </span>
  );
}
