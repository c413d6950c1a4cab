/**
 * Issue 22, "Accessibility and markup": html-validate 10 over the HTML the server sends for every public
 * page (demo content, real PostgreSQL, the built server renderer) — what a crawler, a screen reader's first
 * pass or a no-JavaScript visitor gets. The recommended rules, less the ones about how React writes markup
 * (not what it means); aria-label on elements that cannot take it and titles over 70 characters are errors.
 */
import { HtmlValidate, type Message } from 'html-validate';
import { startTestApp, type TestApp } from './support/test-app.js';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // React's server renderer writes `<!DOCTYPE html>` as the shell has it, void elements as `<img/>`,
    // props in their DOM casing (autoComplete), booleans as `required=""` and useId ids as `_R_1_`: valid HTML.
    'doctype-style': 'off',
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'valid-id': 'off',
    // The few inline styles are React's (a progress width, the carousel's position), set from data.
    'no-inline-style': 'off',
    // role="list" on styled lists is deliberate: Safari drops list semantics from lists with list-style: none.
    'no-redundant-role': 'off',
    // The comparison form sends one `firms` per choice (a <select> each) by design: /firms/compare?firms=a&firms=b.
    'form-dup-name': 'off',
  },
});

describe('html-validate over the server HTML of the public pages (issue 22)', () => {
  let t: TestApp;
  const paths: string[] = [
    '/', '/about', '/discounts', '/blog', '/blog/news', '/blog/guides', '/blog/reviews', '/blog?tag=ftmo', '/blog?q=payout',
    '/blog?q=zzzqqq', '/blog?page=2', '/login', '/login?error=invalid', '/accept-invite?token=abc.def', '/accept-invite?error=used', '/newsletter/unsubscribe?token=abc', '/firms',
    '/firms?size=100000', '/firms/compare?firms=ftmo,the5ers,fundednext', '/methodology', '/no-such-page',
    '/payout-guarantee', '/firms/alpha-capital-group', '/firms/funding-pips',
  ];

  beforeAll(async () => {
    t = await startTestApp({ seedDemoContent: true });
    const [post] = await t.sql<{ slug: string }>(`select slug from blog_posts where status = 'published' order by length(title) desc limit 1`);
    const [firm] = await t.sql<{ slug: string }>(`select slug from companies order by length(name) desc limit 1`);
    paths.push(`/blog/${post.slug}`, `/firms/${firm.slug}`);
  }, 300_000);
  afterAll(() => t?.close());

  it('finds nothing on any public page', async () => {
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const res = await t.http().get(path);
      expect([path, res.type]).toEqual([path, 'text/html']);
      const report = await validator.validateString(res.text, path);
      found[path] = report.results.flatMap((r) => r.messages.map((m: Message) => `${m.ruleId}: ${m.message} at ${m.selector ?? `${m.line}:${m.column}`}`));
    }
    expect(found).toEqual(Object.fromEntries(paths.map((p) => [p, []])));
  });

  it('finds nothing on /account (a signed-in trader\'s page, the report form open)', async () => {
    const trader = { email: 'html-trader@test.example', password: 'html-trader-password' };
    await t.createUser(trader.email, trader.password, 'user');
    const agent = await t.signedIn(trader);
    const found: Record<string, string[]> = {};
    for (const path of ['/account', '/account?report=ftmo']) {
      const res = await agent.get(path).expect(200);
      const report = await validator.validateString(res.text, path);
      found[path] = report.results.flatMap((r) => r.messages.map((m: Message) => `${m.ruleId}: ${m.message} at ${m.selector ?? `${m.line}:${m.column}`}`));
    }
    expect(found).toEqual({ '/account': [], '/account?report=ftmo': [] });
  });

  it('keeps every page title within the 70 characters search results show', async () => {
    const titles: Record<string, number> = {};
    for (const path of paths) {
      const html = (await t.http().get(path)).text;
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      titles[path] = title.length;
    }
    expect(Object.entries(titles).filter(([, n]) => n > 70 || n === 0)).toEqual([]);
  });
});
