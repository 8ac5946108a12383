/**
 * Rich text as the plain text the lot form edits (the inverse of `textToHtml`): each block
 * and line break a line of its own, blank lines dropped.
 */
export function htmlToText(html: string): string {
  if (html.trim() === '') return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const br of Array.from(doc.body.querySelectorAll('br'))) br.replaceWith('\n');
  for (const block of Array.from(doc.body.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, blockquote, tr')))
    block.append('\n');
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
