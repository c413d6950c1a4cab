/**
 * Keeps <head> in step with the route while navigating: the same tags the server sent on the first
 * byte (common/seo/page-head.ts), swapped in place so crawlers that run JavaScript and shared links
 * taken after navigating see the right values.
 */
import type { Robots } from '../../../common/seo/page-head.js';
import { MANAGED_HEAD_SELECTOR, renderHeadTags, type PageHead } from '../../../common/seo/page-head.js';

/** Replaces the page-owned tags of <head> (title, description, canonical, robots, social, JSON-LD). */
export function applyPageHead(head: PageHead): void {
  const el = document.head;
  for (const node of el.querySelectorAll(`title, ${MANAGED_HEAD_SELECTOR}`)) node.remove();
  const range = document.createRange();
  range.selectNodeContents(el);
  el.append(range.createContextualFragment(renderHeadTags(head)));
  routeRobots = head.robots;
  if (robotsOverrides.length > 0) writeRobots(robotsOverrides[robotsOverrides.length - 1]!.robots);
}

/**
 * Robots a page asks for because of what it shows, not what its route is (e.g. /discounts when
 * the list failed to load: docs/spec.md §2 "page noindex"). The newest override wins over the route's
 * robots until it is withdrawn; applyPageHead keeps honouring it, so the two never fight.
 */
const robotsOverrides: { robots: Robots }[] = [];
/** The robots of the route as last written by the server or applyPageHead. */
let routeRobots: string | null = null;

function writeRobots(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'robots';
    document.head.append(meta);
  }
  meta.content = content;
}

/** Sets robots to `robots` until the returned function is called; then the route's robots come back. */
export function overrideRobots(robots: Robots): () => void {
  if (robotsOverrides.length === 0 && routeRobots === null) {
    routeRobots = document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null;
  }
  const entry = { robots };
  robotsOverrides.push(entry);
  writeRobots(robots);
  return () => {
    const i = robotsOverrides.indexOf(entry);
    if (i === -1) return;
    robotsOverrides.splice(i, 1);
    const top = robotsOverrides[robotsOverrides.length - 1];
    if (top) writeRobots(top.robots);
    else if (routeRobots !== null) writeRobots(routeRobots);
    else document.head.querySelector('meta[name="robots"]')?.remove();
  };
}

/** True when the server already wrote this document's head (the built site; not `vite` dev). */
export function headFromServer(): boolean {
  return document.head.querySelector('meta[name="robots"]') !== null;
}

/**
 * The public base URL the server uses (config.publicSiteUrl), read from its Organization JSON-LD,
 * so client and server agree even behind a proxy; the page's origin otherwise.
 */
export function siteUrlFromDocument(): string {
  for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const data = JSON.parse(script.textContent ?? '') as { '@type'?: string; url?: string };
      if (data['@type'] === 'Organization' && typeof data.url === 'string') return data.url.replace(/\/+$/, '');
    } catch {
      // not ours
    }
  }
  return window.location.origin;
}

/** A post's title for the admin edit page, or null. */
export async function fetchAdminPostTitle(id: number): Promise<string | null> {
  try {
    const res = await fetch(`/_api/admin/blog-posts/${id}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const post = (await res.json()) as { title?: unknown } | null;
    return typeof post?.title === 'string' ? post.title : null;
  } catch {
    return null;
  }
}
