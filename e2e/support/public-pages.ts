/**
 * Every public page the browser suites visit as a whole (axe-core in accessibility.e2e.ts, the CSP in csp.e2e.ts):
 * [name, path, a selector that is there once the page's content is]. A new public page is added here once.
 */
export function publicPages(postPath: string, codePath: string): Array<[string, string, string]> {
  return [
    ['home', '/', '.company-card h3'],
    ['about', '/about', 'h1'],
    ['discounts', '/discounts', '.results-max'],
    ['blog', '/blog', '.post-card'],
    ['a category list', '/blog/guides', '.post-card'],
    ['a search (its count)', '/blog?q=funded', '.search-count'],
    ['a mistyped search (suggestions)', '/blog?q=topstpe', '.search-suggestions a'],
    ['a post', postPath, 'article h1'],
    ['login', '/login', 'form button[type="submit"]'],
    ['accept an invitation (with a refusal shown)', '/accept-invite?token=abc.def&error=expired', 'form [role="alert"]'],
    ['unsubscribe', '/newsletter/unsubscribe?token=abc', 'h1'],
    ['not found', '/no-such-page', 'h1'],
    ['firms', '/firms', '.firms-table tbody tr'],
    ['a firm', '/firms/ftmo', '.firm-program'],
    ['compare', '/firms/compare?firms=ftmo,the5ers,fundednext', '.compare-table'],
    ['methodology', '/methodology', '.method-table'],
    ['a closed firm (its status banner)', '/firms/alpha-capital-group', '.firm-status-note-banner'],
    ['the payout guarantee', '/payout-guarantee', '.guarantee-stats'],
    ['a code page (issue #30)', codePath, '.code-figures'],
    ['the archive of expired codes', '/discounts/expired', 'h1'],
    ['how we test codes', '/how-we-test-codes', '.how-body h2'],
    ['the challenge simulator (issue #28)', '/simulator', '.sim-form'],
    ['the site search (issue #29)', '/search?q=ftmo', '.search-results'],
    ['a mistyped site search (did you mean)', '/search?q=ftmoo', '.search-did-you-mean'],
  ];
}

/** A published post's path, for the list above (the demo content's newest). */
export async function firstPostPath(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/_api/blog-posts?page=1&limit=1`);
  const { json } = (await res.json()) as { json: { posts: Array<{ slug: string }> } };
  return `/blog/${json.posts[0].slug}`;
}

/** A listed code's page (issue #30), for the list above. */
export async function firstCodePath(baseUrl: string): Promise<string> {
  const codes = (await (await fetch(`${baseUrl}/_api/discounts`)).json()) as Array<{ slug: string }>;
  return `/discounts/${codes[0]!.slug}`;
}
