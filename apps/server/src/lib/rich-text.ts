import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from operators (product and lot descriptions, later notices and news), cleaned
 * when it is saved: the tags a catalogue needs, nothing that runs.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'blockquote',
      'img',
      'span',
      'a',
    ],
    // rel and target are the house's own (set by the transform below, whatever the input said).
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'], span: [] },
    allowedSchemes: ['https'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}
