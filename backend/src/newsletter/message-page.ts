import { SITE_NAME } from '../../../common/constants.js';
import { escapeHtml } from '../../../common/seo/page-head.js';

/**
 * A small server-rendered page for the answers of links opened from mail (confirm, preferences saved): complete
 * without any script, in the site's colours, with one heading and a way back to the site. noindex: these URLs
 * carry personal tokens.
 */
export function messagePage(input: { title: string; message: string; siteUrl: string; ok: boolean; extra?: string }): string {
  const { title, message, siteUrl, ok, extra = '' } = input;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(SITE_NAME)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b1120; color: #e8edf7;
         font: 16px/1.6 Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif; }
  main { max-width: 560px; margin: 24px; padding: 32px; background: #121a2e; border: 1px solid #26324f; border-radius: 14px; }
  h1 { margin: 0 0 12px; font-size: 1.6rem; color: ${ok ? '#3ddc97' : '#ff8a8a'}; }
  a { color: #33adff; }
  .brand { font-weight: 700; color: #e8edf7; text-decoration: none; }
  form { margin-top: 16px; display: grid; gap: 12px; }
  button { min-height: 44px; padding: 0 16px; border: 0; border-radius: 10px; background: #0099ff; color: #0b1120; font-weight: 700; font-size: 1rem; cursor: pointer; }
  label { display: flex; gap: 8px; align-items: center; }
</style>
</head>
<body>
<main>
<p><a class="brand" href="${escapeHtml(siteUrl)}/">${escapeHtml(SITE_NAME)}</a></p>
<h1>${escapeHtml(title)}</h1>
<p role="status">${escapeHtml(message)}</p>
${extra}
<p><a href="${escapeHtml(siteUrl)}/discounts">See this week's verified deals</a></p>
</main>
</body>
</html>`;
}
