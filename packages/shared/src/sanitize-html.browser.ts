// Rich text as members and operators see it: the same allow-list in the member app and the
// console preview. Browser only (DOMPurify needs a DOM); the server sanitises with sanitize-html.
import DOMPurify, { type Config } from 'dompurify';

const allowedTags = [
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
];

const config: Config = {
  ALLOWED_TAGS: allowedTags,
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height'],
  // Relative paths, anchors, http(s), mailto and tel; everything else (javascript:, vbscript:) goes.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[/#]|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ADD_FORBID_CONTENTS: ['form', 'object', 'embed'],
  KEEP_CONTENT: true,
  ALLOW_DATA_ATTR: false,
};

let purifier: ReturnType<typeof DOMPurify> | null = null;

// One instance of our own, so its hooks never touch another user of DOMPurify.
function getPurifier() {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    // SVG data URIs can carry scripts; raster data images are fine.
    if (
      data.attrName === 'src' &&
      /^\s*data:/i.test(data.attrValue) &&
      !/^\s*data:image\/(?!svg)/i.test(data.attrValue)
    ) {
      data.keepAttr = false;
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Rich text is sanitised by the server when saved and again here before it is shown, by
 * DOMPurify: an allow-list of plain formatting tags, no scripts, styles, handlers or unsafe URLs.
 */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, config);
}
