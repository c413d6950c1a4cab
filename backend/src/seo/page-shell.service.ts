import { Inject, Injectable, Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_NAME } from '../../../common/constants.js';
import { DEFERRED_SCRIPTS_ID, DEFERRED_SCRIPTS_LOADER } from '../../../common/deferred-scripts.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** A minimal but complete document, so the head is injected the same way before the front end is built (tests). */
export const FALLBACK_SHELL = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${SITE_NAME}</title>
  </head>
  <body>
    <div id="root"></div>
    <p>The front end is not built yet: run <code>npm run build</code>.</p>
  </body>
</html>
`;

/** The shell cut where a page's head tags go; Vite's script and link tags stay where they are. */
export interface ParsedShell {
  before: string;
  after: string;
  /** Whitespace before the <title> line, used between the injected tags. */
  indent: string;
}

/** A page rendered on the server: the markup of #root and the state the browser hydrates from. */
export interface RenderedBody {
  html: string;
  /** Already escaped for a <script> element (serializeSsrState). */
  state: string;
  stateId: string;
  /** The rendered routes' own built files beyond the entry's ('/assets/…'): their CSS and JS chunks. */
  assets?: { css: string[]; js: string[] };
}

/** The shell's head after the title for a rendered page: Vite's tags taken out, to be inlined or deferred. */
export interface BuiltAssets {
  after: string;
  /** The entry's stylesheets ('/assets/…'), inlined. */
  css: string[];
  /** The entry's module script and modulepreload tags, deferred until the content is painted. */
  scripts: string[];
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Tags of the built index.html that each page's head replaces (static title, description,
 * theme colour, and anything social or structured a build might carry).
 */
const MANAGED_TAGS = [
  /[ \t]*<meta\s[^>]*\b(?:name|property)\s*=\s*["']?(?:description|robots|theme-color|og:[^"'\s>]*|article:[^"'\s>]*|twitter:[^"'\s>]*)["']?[^>]*>[ \t]*\r?\n?/gi,
  /[ \t]*<link\s[^>]*\brel\s*=\s*["']?canonical["']?[^>]*>[ \t]*\r?\n?/gi,
  /[ \t]*<link\s[^>]*\btype\s*=\s*["']?application\/(?:rss|atom)\+xml["']?[^>]*>[ \t]*\r?\n?/gi,
  /[ \t]*<script\s[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>[\s\S]*?<\/script\s*>[ \t]*\r?\n?/gi,
];
const MARK = '\u0000page-head\u0000';

/** Splits a shell at its <title> (or before </head>), without the tags the page head provides. */
export function parseShell(html: string): ParsedShell | undefined {
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd < 0) return undefined;
  let head = html.slice(0, headEnd);
  const title = /<title\b[^>]*>[\s\S]*?<\/title\s*>/i;
  head = title.test(head) ? head.replace(title, MARK) : `${head.replace(/\s*$/, '\n    ')}${MARK}\n  `;
  for (const re of MANAGED_TAGS) head = head.replace(re, '');
  const [before, after] = head.split(MARK);
  const indent = /[ \t]*$/.exec(before)![0];
  return { before, after: after + html.slice(headEnd), indent };
}

const VITE_TAGS = /[ \t]*<(?:script\s[^>]*\btype="module"[^>]*>\s*<\/script>|link\s[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*>)[ \t]*\r?\n?/gi;
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** Takes Vite's module script, modulepreload and stylesheet tags out of the shell's head. */
export function takeBuiltAssets(after: string): BuiltAssets {
  const headEnd = after.search(/<\/head\s*>/i);
  const css: string[] = [];
  const scripts: string[] = [];
  const head = after.slice(0, headEnd).replace(VITE_TAGS, (tag) => {
    const trimmed = tag.trim();
    if (/^<link/i.test(trimmed) && attr(trimmed, 'rel') === 'stylesheet') css.push(attr(trimmed, 'href')!);
    else scripts.push(trimmed);
    return '';
  });
  return { after: head + after.slice(headEnd), css, scripts };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The built index.html, read and parsed once; every page route answers with it and its own head. */
@Injectable()
export class PageShellService {
  private readonly logger = new Logger('PageShell');
  private shell?: ParsedShell;
  private built?: BuiltAssets;
  private readonly styles = new Map<string, string | null>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * The page: the shell with the head's tags (already escaped, one per entry) in its head, and the rendered
   * body if any. A rendered page carries its CSS inline (nothing blocks its first paint) and, by default, its
   * scripts in the deferred template (common/deferred-scripts); `deferScripts: false` keeps them in the head
   * for a page whose visitor acts at once (a form). An unrendered page (the admin) keeps the shell's tags.
   */
  render(headTags: string[], body?: RenderedBody, { deferScripts = true }: { deferScripts?: boolean } = {}): string {
    const { before, after, indent } = this.parsed();
    if (!body) return before + headTags.join(`\n${indent}`) + after;
    const built = (this.built ??= takeBuiltAssets(after));
    const routeCss = body.assets?.css ?? [];
    const routeCssLink = (href: string, disabled = '') => `<link rel="stylesheet"${disabled} crossorigin href="${escapeAttr(href)}">`;
    const scripts = [...built.scripts, ...(body.assets?.js ?? []).map((src) => `<link rel="modulepreload" crossorigin href="${escapeAttr(src)}">`)];
    const tags = deferScripts
      ? [
          ...headTags,
          ...[...built.css, ...routeCss].map((href) => this.inlineStyle(href)),
          // The route's CSS is inline above. Vite's loader, before it runs the route's chunk, looks for a
          // stylesheet link to that file and fetches one if there is none. A `disabled` link satisfies it: it is
          // neither fetched nor applied, so the styles are not recalculated a second time while the page hydrates.
          ...routeCss.map((href) => routeCssLink(href, ' disabled')),
          `<template id="${DEFERRED_SCRIPTS_ID}">${scripts.join('')}</template>`,
          `<script>${DEFERRED_SCRIPTS_LOADER}</script>`,
        ]
      : [...headTags, ...built.css.map((href) => this.inlineStyle(href)), ...routeCss.map((href) => routeCssLink(href)), ...scripts];
    const at = built.after.indexOf(EMPTY_ROOT);
    const state = `<script type="application/json" id="${body.stateId}">${body.state}</script>`;
    return `${before}${tags.join(`\n${indent}`)}${built.after.slice(0, at)}<div id="root">${body.html}</div>${state}${built.after.slice(at + EMPTY_ROOT.length)}`;
  }

  /**
   * A built stylesheet as a <style> element, read once. The deferred template links a route's CSS as well,
   * after the paint: Vite's loader then finds it there instead of holding the route's chunk until it has
   * fetched it. A file that cannot be read stays a plain (render-blocking) link.
   */
  private inlineStyle(href: string): string {
    if (!this.styles.has(href)) {
      let css: string | null = null;
      try {
        css = readFileSync(join(this.config.frontendDir, href.replace(/^\/+/, '')), 'utf8');
      } catch {
        this.logger.warn(`Cannot read ${href} from ${this.config.frontendDir}; it stays a link`);
      }
      this.styles.set(href, css !== null && !/<\/style/i.test(css) ? css : null);
    }
    const css = this.styles.get(href) ?? null;
    return css === null ? `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">` : `<style>${css}</style>`;
  }

  /** Whether the shell has the empty #root a server render fills (the built index.html does). */
  hasRoot(): boolean {
    return this.parsed().after.includes(EMPTY_ROOT);
  }

  private parsed(): ParsedShell {
    if (this.shell) return this.shell;
    const file = join(this.config.frontendDir, 'index.html');
    let html: string | undefined;
    try {
      html = readFileSync(file, 'utf8');
    } catch {
      this.logger.warn(`No built front end in ${this.config.frontendDir}; serving a placeholder page`);
    }
    let parsed = html === undefined ? undefined : parseShell(html);
    if (html !== undefined && !parsed) this.logger.warn(`${file} has no </head>; serving a placeholder page`);
    parsed ??= parseShell(FALLBACK_SHELL)!;
    this.shell = parsed;
    return parsed;
  }
}
