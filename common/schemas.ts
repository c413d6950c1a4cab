/** zod schemas shared by the forms and the server where the same rule applies on both sides. */
import { z } from 'zod';
import { MSG } from './messages.js';

export const loginSchema = z.object({
  email: z.string({ error: MSG.emailRequired }).trim().min(1, MSG.emailRequired).email(MSG.emailRequired),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;
