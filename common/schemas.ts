/** zod schemas shared by the forms and the server where the same rule applies on both sides. */
import { z } from 'zod';
import { MSG } from './messages.js';
import { isNewsletterEmail, isNewsletterSource, normalizeEmail } from './newsletter.js';

/** The newsletter form: the same rules the API applies (docs/spec.md §5). */
export const newsletterSignupSchema = z.object({
  email: z
    .string({ error: MSG.newsletterEmailInvalid })
    .transform(normalizeEmail)
    .refine(isNewsletterEmail, MSG.newsletterEmailInvalid),
  source: z
    .string()
    .nullish()
    .refine((v) => v === undefined || v === null || v === '' || isNewsletterSource(v), MSG.newsletterSourceInvalid),
});
export type NewsletterSignupFormInput = z.infer<typeof newsletterSignupSchema>;
