/**
 * Checks a document against the rules of RFC 4287 (The Atom Syndication Format) that a feed reader
 * relies on, on the strict parser of markup.ts: the namespace, each required element once, absolute
 * IRIs, RFC 3339 dates, an author for every entry, a self link, and per entry an alternate link or
 * content. Returns the problems found (none: valid).
 */
import { parseXml, type XmlElement } from './markup.js';

const ATOM_NS = 'http://www.w3.org/2005/Atom';
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ABSOLUTE_IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;
const TEXT_TYPES = ['text', 'html', 'xhtml'];

export function atomProblems(xml: string): string[] {
  const problems: string[] = [];
  let feed: XmlElement;
  try {
    feed = parseXml(xml);
  } catch (e) {
    return [(e as Error).message];
  }
  const check = (ok: boolean, message: string) => { if (!ok) problems.push(message); };
  const named = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);
  const exactlyOne = (el: XmlElement, name: string, where: string) => check(named(el, name).length === 1, `${where} must have exactly one atom:${name}`);
  const atMostOne = (el: XmlElement, name: string, where: string) => check(named(el, name).length <= 1, `${where} must have at most one atom:${name}`);
  const dates = (el: XmlElement, where: string) => {
    for (const d of [...named(el, 'updated'), ...named(el, 'published')]) check(RFC3339.test(d.text), `${where}: ${d.name} "${d.text}" is not an RFC 3339 date`);
  };
  const texts = (el: XmlElement, where: string) => {
    for (const t of el.children.filter((c) => ['title', 'subtitle', 'summary', 'rights'].includes(c.name))) {
      check(!t.attrs.type || TEXT_TYPES.includes(t.attrs.type), `${where}: ${t.name} has an unknown type`);
    }
  };
  const links = (el: XmlElement, where: string) => {
    const alternates = new Set<string>();
    for (const l of named(el, 'link')) {
      check(Boolean(l.attrs.href), `${where}: a link without href`);
      const key = `${l.attrs.type ?? ''}|${l.attrs.hreflang ?? ''}`;
      if ((l.attrs.rel ?? 'alternate') === 'alternate') {
        check(!alternates.has(key), `${where}: two alternate links of the same type and language`);
        alternates.add(key);
      }
    }
  };
  const person = (p: XmlElement, where: string) => exactlyOne(p, 'name', `${where} author`);

  check(feed.name === 'feed', 'the root element must be atom:feed');
  check(feed.attrs.xmlns === ATOM_NS, `the feed must be in the Atom namespace ${ATOM_NS}`);
  for (const name of ['id', 'title', 'updated']) exactlyOne(feed, name, 'feed');
  for (const name of ['subtitle', 'icon', 'logo', 'rights', 'generator']) atMostOne(feed, name, 'feed');
  check(ABSOLUTE_IRI.test(named(feed, 'id')[0]?.text ?? ''), 'feed id must be an absolute IRI');
  check(named(feed, 'link').some((l) => l.attrs.rel === 'self'), 'feed should have a rel="self" link');
  dates(feed, 'feed');
  texts(feed, 'feed');
  links(feed, 'feed');
  named(feed, 'author').forEach((a) => person(a, 'feed'));
  const feedHasAuthor = named(feed, 'author').length > 0;
  const ids = new Set<string>();
  named(feed, 'entry').forEach((entry, i) => {
    const where = `entry ${i + 1}`;
    for (const name of ['id', 'title', 'updated']) exactlyOne(entry, name, where);
    for (const name of ['summary', 'content', 'published', 'rights', 'source']) atMostOne(entry, name, where);
    const id = named(entry, 'id')[0]?.text ?? '';
    check(ABSOLUTE_IRI.test(id), `${where}: id must be an absolute IRI`);
    check(!ids.has(id), `${where}: id ${id} repeats`);
    ids.add(id);
    check(feedHasAuthor || named(entry, 'author').length > 0, `${where}: needs an author (none on the feed)`);
    check(named(entry, 'content').length > 0 || named(entry, 'link').some((l) => (l.attrs.rel ?? 'alternate') === 'alternate'), `${where}: needs content or an alternate link`);
    dates(entry, where);
    texts(entry, where);
    links(entry, where);
  });
  return problems;
}
