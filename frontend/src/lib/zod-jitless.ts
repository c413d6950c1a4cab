/**
 * zod 4 probes `new Function` when it builds its first object schema (to compile fast parsers); the site's CSP has
 * no 'unsafe-eval', so the probe is reported as a script-src violation on every page that loads a form rule. The
 * interpreted parsers are fast enough for forms: the probe and the compiler are turned off before any schema is
 * built. Imported first by main.tsx.
 *
 * Set as zod's shared global config (`globalThis.__zod_globalConfig`, which zod adopts when it loads so that
 * several copies share one config) rather than through `z.config()`: importing zod here would put its core
 * (~10 KB gzip) in the entry chunk, over the home page's first-load budget, before any page needs a schema.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
