const allowedTags = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'div',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
const allowedAttributes = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height']);
const droppedWithContent = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'form']);

function isSafeUrl(value: string, forImage: boolean): boolean {
  const url = value.trim().toLowerCase();
  if (url.startsWith('/') || url.startsWith('#') || url.startsWith('https://') || url.startsWith('http://')) {
    return true;
  }
  if (forImage && url.startsWith('data:image/') && !url.startsWith('data:image/svg')) return true;
  return !forImage && (url.startsWith('mailto:') || url.startsWith('tel:'));
}

function clean(node: Element): void {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (droppedWithContent.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!allowedTags.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      const keep =
        allowedAttributes.has(name) &&
        (name !== 'href' && name !== 'src' ? true : isSafeUrl(attribute.value, name === 'src'));
      if (!keep) child.removeAttribute(attribute.name);
    }
    if (tag === 'a') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
}

/**
 * Rich text is sanitised by the server when saved and again here before it is shown:
 * an allow-list of plain formatting tags, no scripts, styles, handlers or unsafe URLs.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
