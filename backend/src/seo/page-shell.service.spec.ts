import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFERRED_SCRIPTS_LOADER } from '../../../common/deferred-scripts.js';
import type { AppConfig } from '../config/config.js';
import { FALLBACK_SHELL, PageShellService, parseShell } from './page-shell.service.js';

function shellService(indexHtml: string, files: Record<string, string> = {}): PageShellService {
  const frontendDir = mkdtempSync(join(tmpdir(), 'vtf-shell-spec-'));
  writeFileSync(join(frontendDir, 'index.html'), indexHtml);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(frontendDir, name)), { recursive: true });
    writeFileSync(join(frontendDir, name), text);
  }
  return new PageShellService({ frontendDir } as AppConfig);
}

describe('parseShell', () => {
  it('cuts the shell at its title and drops the tags each page provides, keeping everything else', () => {
    const html = `<!doctype html><html><head>
<meta charset="utf-8" />
<meta name="theme-color" content="#0099ff" />
<meta name="description" content="static">
<meta property="og:title" content="static">
<link rel="canonical" href="/x">
<title>Static</title>
<script type="application/ld+json">{"a":1}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="stylesheet" href="/assets/index-abc.css">
</head><body><div id="root"></div></body></html>`;
    const shell = parseShell(html)!;
    const page = shell.before + '<title>Page</title>' + shell.after;
    expect(page).toBe(`<!doctype html><html><head>
<meta charset="utf-8" />
<title>Page</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="stylesheet" href="/assets/index-abc.css">
</head><body><div id="root"></div></body></html>`);
  });

  it('inserts before </head> when there is no title, and refuses a document without a head', () => {
    const shell = parseShell('<html><head><meta charset="utf-8"></head><body></body></html>')!;
    expect(shell.before + 'X' + shell.after).toMatch(/<meta charset="utf-8">\s*X\s*<\/head>/);
    expect(parseShell('<p>no head</p>')).toBeUndefined();
  });

  it('keeps the indentation of the title line for the tags that replace it', () => {
    const shell = parseShell('<html>\n  <head>\n    <meta name="theme-color" content="#000" />\n    <title>x</title>\n  </head>\n</html>')!;
    expect(shell.indent).toBe('    ');
    expect(shell.before + ['<a>', '<b>'].join(`\n${shell.indent}`) + shell.after).toBe('<html>\n  <head>\n    <a>\n    <b>\n  </head>\n</html>');
  });

  it('has a fallback shell that is a full document with a head', () => {
    const shell = parseShell(FALLBACK_SHELL)!;
    expect(shell.before).toMatch(/^<!doctype html>[\s\S]*<head>[\s\S]*<meta charset="utf-8" \/>/);
    expect(shell.after).toMatch(/<\/head>[\s\S]*<div id="root"><\/div>[\s\S]*<\/html>\n$/);
    expect(shell.before + shell.after).not.toContain('<title>');
  });
});

describe('PageShellService.render with a server-rendered body', () => {
  const html = '<html><head><title>x</title><script type="module" src="/assets/a.js"></script></head><body><div id="root"></div></body></html>';

  it('fills #root and puts the hydration state right after it', () => {
    const page = shellService(html).render(['<title>P</title>'], { html: '<main>Hello</main>', state: '{"a":"\\u003c/script>"}', stateId: 'ssr-state' });
    expect(page).toContain('<body><div id="root"><main>Hello</main></div><script type="application/json" id="ssr-state">{"a":"\\u003c/script>"}</script></body></html>');
  });

  it('inlines the CSS and moves the scripts into the deferred template with the routes\' chunks, in the build\'s order', () => {
    const built = `<html><head>
    <title>x</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <link rel="stylesheet" crossorigin href="/assets/missing.css">
  </head><body><div id="root"></div></body></html>`;
    const service = shellService(built, { 'assets/index-1.css': 'body{color:red}', 'assets/route-1.css': '.r{margin:0}' });
    const page = service.render(['<title>P</title>'], {
      html: '<main>Hi</main>', state: '{}', stateId: 's',
      assets: { css: ['/assets/route-1.css'], js: ['/assets/route-1.js'] },
    });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<style>body{color:red}</style>');
    expect(head).toContain('<style>.r{margin:0}</style>');
    // A stylesheet that cannot be read stays a link rather than being lost.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/missing.css">');
    // The route's CSS, inline, is also named by a link that is neither fetched nor applied (Vite's loader looks for it).
    expect(head).toContain('<link rel="stylesheet" disabled crossorigin href="/assets/route-1.css">');
    const template = /<template id="vtf-deferred-scripts">(.*?)<\/template>/.exec(head)![1];
    expect(template).toBe(
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/route-1.js">',
    );
    // Outside the template, nothing loads a script before the content is painted.
    expect(head.replace(/<template[\s\S]*?<\/template>/, '')).not.toMatch(/type="module"|modulepreload/);
    expect(head).toContain(`<script>${DEFERRED_SCRIPTS_LOADER}</script>`);
  });

  it('keeps the scripts in the head, with the route\'s CSS linked, on a page asked not to defer them (a form)', () => {
    const built = '<html><head><title>x</title><script type="module" src="/assets/a.js"></script><link rel="stylesheet" href="/assets/a.css"></head><body><div id="root"></div></body></html>';
    const page = shellService(built, { 'assets/a.css': 'p{margin:0}' }).render(
      ['<title>P</title>'],
      { html: '<main>Hi</main>', state: '{}', stateId: 's', assets: { css: ['/assets/r.css'], js: ['/assets/r.js'] } },
      { deferScripts: false },
    );
    expect(page.replace(/\n/g, '')).toContain(
      '<title>P</title><style>p{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/r.css">' +
        '<script type="module" src="/assets/a.js"></script><link rel="modulepreload" crossorigin href="/assets/r.js"></head>',
    );
    expect(page).not.toContain('<template');
  });

  it('leaves the shell\'s tags as they are on a page it does not render (the admin)', () => {
    expect(shellService(html).render(['<title>P</title>'])).toBe(
      '<html><head><title>P</title><script type="module" src="/assets/a.js"></script></head><body><div id="root"></div></body></html>',
    );
  });

  it('knows whether the shell has an empty #root to fill', () => {
    expect(shellService(html).hasRoot()).toBe(true);
    expect(shellService('<html><head></head><body><main></main></body></html>').hasRoot()).toBe(false);
  });
});
