/**
 * zod 4 probes `new Function` when it builds its first object schema (to compile fast parsers); the site's CSP has
 * no 'unsafe-eval', so the probe is reported as a script-src violation on every page that loads a form rule. The
 * interpreted parsers are fast enough for forms: turn the probe and the compiler off before any schema is built.
 * Imported first by main.tsx, so it runs before any module that declares a schema.
 */
import { z } from 'zod';

z.config({ jitless: true });
