/** Images a trader picked, as the data URLs the API takes; checked here first (the server checks the bytes again). */
import { ACCEPTED_IMAGE_TYPES } from '../../../../../common/image-upload.js';
import { IMAGE_MAX_BYTES } from '../../../../../common/constants.js';
import { MSG } from '../../../../../common/messages.js';
import { PAYOUT_MSG } from '../../../../../common/payout-messages.js';
import { PAYOUT_PROOF_MAX } from '../../../../../common/payouts.js';

export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** The message for a selection that may not be sent, or null. */
export function imagesProblem(files: readonly File[]): string | null {
  if (files.length > PAYOUT_PROOF_MAX) return PAYOUT_MSG.proofTooMany;
  if (files.some((f) => !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(f.type))) return MSG.uploadInvalidType;
  if (files.some((f) => f.size > IMAGE_MAX_BYTES)) return MSG.uploadTooLarge;
  return null;
}

export function toDataUrls(files: readonly File[]): Promise<string[]> {
  return Promise.all(
    files.map(
      (file) =>
        new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.onerror = () => reject(reader.error ?? new Error(MSG.unknownError));
          reader.readAsDataURL(file);
        }),
    ),
  );
}

/** The API's message for a list field: `proof` itself or one of its images (`proof.2`). */
export function listFieldError(errors: Record<string, string> | undefined, field: string): string | undefined {
  if (!errors) return undefined;
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}
