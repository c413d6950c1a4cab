/**
 * The form rules' building blocks, in one place for both sides (docs/design.md §4): the server's class-validator
 * DTOs (backend/src/common/validators.ts) and the admin forms' zod schemas read the same predicates and the same
 * messages (common/messages.ts). A form's own field rules (company-form.ts, discount-form.ts, post-form.ts) are
 * written with these; the admin inputs validate with those rules directly (frontend/src/admin/components/ra-rule.ts),
 * and `zodForm` states them as one zod schema for a whole form's values.
 */
import { z } from 'zod';

/** An absolute http(s) URL with a host, and no whitespace anywhere (a URL typed with a space is a typo, not a link). */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value === '' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const MEDIA_PATH = /^\/media\/[\w.-]+$/;
const DATA_URL = /^data:/i;

/**
 * What an image field may hold: an http(s) URL, a picture already uploaded here (/media/<file>), or a `data:` URL.
 * A `data:` URL passes on both sides alike; the server then judges its bytes (MediaService) and answers
 * docs/spec.md §5's 'Invalid file type. Please upload an image.' for one that holds no png, jpeg or webp.
 */
export function isImageReference(value: unknown): boolean {
  return isHttpUrl(value) || (typeof value === 'string' && (MEDIA_PATH.test(value) || DATA_URL.test(value)));
}

/** A field rule over the text an input shows: true, or the message to show. */
export type FieldRule = (text: string) => true | string;

/** One field rule as a zod schema of a string. */
export function zodField(rule: FieldRule): z.ZodType<string, string> {
  return z.string().superRefine((text, ctx) => {
    const verdict = rule(text);
    if (verdict !== true) ctx.addIssue({ code: 'custom', message: verdict });
  });
}

/** A form's field rules as one zod object schema; fields without a rule pass as they are. */
export function zodForm<K extends string>(rules: Record<K, FieldRule>): z.ZodObject<Record<K, z.ZodType<string, string>>> {
  const shape = Object.fromEntries(Object.entries<FieldRule>(rules).map(([name, rule]) => [name, zodField(rule)]));
  return z.object(shape as Record<K, z.ZodType<string, string>>).loose();
}

/** Every message a form's zod schema gives for these values, by field (empty when the values are valid). */
export function zodFormErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
