/**
 * Tiny, strict readers for what the SEO routes send, so tests check real structure without new
 * packages: an XML well-formedness parser (throws on any unbalanced tag, bad entity, stray `<` or `&`,
 * duplicate attribute or trailing content) and a reader for the tags of an HTML <head>.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded), children's text excluded. */
  text: string;
}

const NAME = /[A-Za-z_][\w.:-]*/y;
const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function parseXml(src: string): XmlElement {
  let i = 0;
  const fail = (msg: string): never => {
    throw new Error(`XML: ${msg} at ${i}: ${JSON.stringify(src.slice(Math.max(0, i - 30), i + 30))}`);
  };
  const ws = () => {
    while (i < src.length && /\s/.test(src[i])) i++;
  };
  const name = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(src);
    if (!m) return fail('expected a name');
    i += m[0].length;
    return m[0];
  };
  const entity = (): string => {
    ENTITY.lastIndex = i;
    const m = ENTITY.exec(src);
    if (!m) return fail('bad entity');
    i += m[0].length;
    const e = m[1];
    if (e[0] !== '#') return NAMED[e];
    return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  };
  const misc = () => {
    for (;;) {
      ws();
      if (src.startsWith('<!--', i)) {
        const end = src.indexOf('-->', i + 4);
        if (end < 0) fail('unclosed comment');
        i = end + 3;
      } else return;
    }
  };
  const element = (): XmlElement => {
    if (src[i] !== '<') fail('expected <');
    i++;
    const el: XmlElement = { name: name(), attrs: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      ws();
      if (src.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (src[i] === '>') {
        i++;
        break;
      }
      if (i === before) fail('expected whitespace before an attribute');
      const attr = name();
      if (attr in el.attrs) fail(`duplicate attribute ${attr}`);
      ws();
      if (src[i] !== '=') fail('expected =');
      i++;
      ws();
      const quote = src[i];
      if (quote !== '"' && quote !== "'") fail('expected a quoted value');
      i++;
      let value = '';
      while (src[i] !== quote) {
        if (i >= src.length) fail('unterminated attribute');
        if (src[i] === '<') fail('< in attribute');
        if (src[i] === '&') value += entity();
        else value += src[i++];
      }
      i++;
      el.attrs[attr] = value;
    }
    for (;;) {
      if (i >= src.length) fail(`unclosed <${el.name}>`);
      if (src.startsWith('</', i)) {
        i += 2;
        const closing = name();
        if (closing !== el.name) fail(`</${closing}> closes <${el.name}>`);
        ws();
        if (src[i] !== '>') fail('expected >');
        i++;
        return el;
      }
      if (src.startsWith('<!--', i)) {
        const end = src.indexOf('-->', i + 4);
        if (end < 0) fail('unclosed comment');
        i = end + 3;
      } else if (src.startsWith('<![CDATA[', i)) {
        const end = src.indexOf(']]>', i);
        if (end < 0) fail('unclosed CDATA');
        el.text += src.slice(i + 9, end);
        i = end + 3;
      } else if (src[i] === '<') {
        el.children.push(element());
      } else if (src[i] === '&') {
        el.text += entity();
      } else {
        if (src.startsWith(']]>', i)) fail(']]> in text');
        el.text += src[i++];
      }
    }
  };

  if (src.startsWith('<?xml')) {
    const end = src.indexOf('?>');
    if (end < 0) fail('unclosed declaration');
    i = end + 2;
  }
  misc();
  const root = element();
  misc();
  if (i !== src.length) fail('content after the root element');
  return root;
}

export const childrenNamed = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);
export const childText = (el: XmlElement, name: string) => childrenNamed(el, name)[0]?.text;

export interface HeadTags {
  titles: string[];
  /** name= or property= → every content value, in order. */
  meta: Record<string, string[]>;
  links: Array<Record<string, string>>;
  jsonLd: Array<Record<string, unknown>>;
  /** Every <script> element's attributes (JSON-LD included). */
  scripts: Array<Record<string, string>>;
  raw: string;
}

const decodeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

function attributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:-]+)(?:\s*=\s*"([^"]*)")?/g)) attrs[m[1].toLowerCase()] = decodeHtml(m[2] ?? '');
  return attrs;
}

/** The tags of the document's <head> (exactly one head expected). */
export function readHead(html: string): HeadTags {
  const heads = [...html.matchAll(/<head>([\s\S]*?)<\/head>/gi)];
  if (heads.length !== 1) throw new Error(`expected one <head>, found ${heads.length}`);
  const head = heads[0][1];
  const tags: HeadTags = { titles: [], meta: {}, links: [], jsonLd: [], scripts: [], raw: head };
  for (const m of head.matchAll(/<title>([\s\S]*?)<\/title>/gi)) tags.titles.push(decodeHtml(m[1]));
  for (const m of head.matchAll(/<meta\s([^>]*?)\/?>/gi)) {
    const a = attributes(m[1]);
    const key = a.name ?? a.property;
    if (key) (tags.meta[key] ??= []).push(a.content);
  }
  for (const m of head.matchAll(/<link\s([^>]*?)\/?>/gi)) tags.links.push(attributes(m[1]));
  for (const m of head.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attributes(m[1]);
    tags.scripts.push(a);
    if (a.type === 'application/ld+json') tags.jsonLd.push(JSON.parse(m[2]) as Record<string, unknown>);
  }
  return tags;
}
