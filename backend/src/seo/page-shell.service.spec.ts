import { FALLBACK_SHELL, parseShell } from './page-shell.service.js';

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
