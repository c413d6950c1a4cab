import type { z } from 'zod';
import { zodRule } from '../../../../common/form-rules.js';

/**
 * A rule of common/ (true, or docs/spec.md §5's message, judged on the text an input shows) as a react-admin validator
 * (undefined, or the message), so the admin forms and their unit-tested rules share one wording.
 */
export const raRule =
  (rule: (text: string) => true | string) =>
  (value: unknown): string | undefined => {
    const verdict = rule(value == null ? '' : String(value));
    return verdict === true ? undefined : verdict;
  };

/** A field of a form's zod schema (common/*-form.ts) as a react-admin validator: the admin forms validate through zod. */
export const zodInput = (schema: z.ZodType<string>) => raRule(zodRule(schema));
