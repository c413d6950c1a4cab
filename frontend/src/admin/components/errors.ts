import { MSG } from '../../../../common/messages.js';

/** docs/spec.md §8: a failed admin call shows the body's message, else 'Unknown error'. */
export const errorMessage = (e: unknown): string => (e instanceof Error && e.message ? e.message : MSG.unknownError);
