/**
 * The allow-list for blog post HTML (docs/design.md §3 "Content safety"). Everything not
 * listed here is dropped on write, so stored content is always safe to render:
 * no scripts, styles, event handlers, frames, forms or `javascript:` URLs.
 */
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'p', 'br', 'hr', 'div', 'span',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'code', 'pre', 'kbd', 'samp', 'blockquote', 'q', 'cite',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr',
];

/** Tags dropped together with everything inside them (not just unwrapped). */
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed',
  'template', 'svg', 'math', 'noembed', 'noframes', 'xmp', 'select', 'title', 'head',
];

/** rel tokens an editor may set (affiliate links are `sponsored`). */
const REL_TOKENS = new Set(['nofollow', 'noopener', 'noreferrer', 'sponsored', 'ugc', 'external']);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'title', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    img: ['src', 'alt', 'title', 'width', 'height', { name: 'loading', multiple: false, values: ['lazy', 'eager'] }],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'reversed', 'type'],
    abbr: ['title'],
    code: ['class'],
    pre: ['class'],
  },
  // Syntax highlighting hints only, e.g. <code class="language-ts">.
  allowedClasses: { code: [/^language-[\w-]+$/], pre: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  transformTags: { a: secureLink },
  // An image whose source is neither http(s) nor one of our own /media/ files is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImageSrc(frame.attribs.src),
};

/** Links opening a new tab cannot reach back to this page (reverse tabnabbing) or leak the URL. */
function secureLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const rel = new Set((attribs.rel ?? '').toLowerCase().split(/\s+/).filter((token) => REL_TOKENS.has(token)));
  const out: sanitizeHtml.Attributes = { ...attribs };
  if (attribs.target?.trim().toLowerCase() === '_blank') {
    out.target = '_blank';
    rel.add('noopener').add('noreferrer');
  } else {
    delete out.target;
  }
  if (rel.size) out.rel = [...rel].join(' ');
  else delete out.rel;
  return { tagName, attribs: out };
}

export function isSafeImageSrc(src: string | undefined): boolean {
  if (!src) return false;
  return /^https?:\/\/[^\s/]/i.test(src) || /^\/media\/[\w.-]+$/.test(src);
}

/** Returns the HTML with everything outside the allow-list removed, trimmed. */
export function sanitizePostHtml(html: string): string {
  // NUL characters cannot be stored in PostgreSQL text and have no place in HTML.
  return sanitizeHtml(html.replace(/\0/g, ''), OPTIONS).trim();
}
