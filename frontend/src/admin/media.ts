import type { MediaUploadResponse } from '../../../common/api-types.js';
import { MSG } from '../../../common/messages.js';

/** POST /_api/admin/media: the server resizes to the kind's box and answers the stored URL. */
export async function uploadImage(file: File, kind: 'logo' | 'discount' | 'featured'): Promise<string> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file);
  const res = await fetch('/_api/admin/media', { method: 'POST', body, credentials: 'same-origin' });
  const json = (await res.json().catch(() => null)) as (Partial<MediaUploadResponse> & { message?: string; error?: string }) | null;
  if (!res.ok || !json?.url) throw new Error(json?.message ?? json?.error ?? MSG.unknownError);
  return json.url;
}
