/** docs/spec.md §5 "File upload", checked in the browser before anything is sent (the server checks the bytes again). */
import { IMAGE_MAX_BYTES } from './constants.js';
import { MSG } from './messages.js';

export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The message for a selection that may not be uploaded, in the order SPEC lists them; null when it may. */
export function imageSelectionProblem(files: ReadonlyArray<{ type: string; size: number }>): string | null {
  if (files.length !== 1) return MSG.uploadOneImage;
  const [file] = files;
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.uploadInvalidType;
  if (file.size > IMAGE_MAX_BYTES) return MSG.uploadTooLarge;
  return null;
}
