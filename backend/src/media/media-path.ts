/** Names under /media: a stored image is `/media/<sha256 hex of its webp bytes>.webp`, so its URL never changes meaning. */

const FILE_NAME = /^([0-9a-f]{64})\.webp$/;

export function mediaUrl(hash: string): string {
  return `/media/${hash}.webp`;
}

/** A private file's URL: under the API (never cached publicly, never in a page or the sitemap), by its random name. */
export function privateFileUrl(name: string): string {
  return `/_api/files/${name}.webp`;
}

/** The name a private file URL stands for, or null when it is not one we hand out. */
export function privateNameFromUrl(url: string): string | null {
  return /^\/_api\/files\/([0-9a-f]{64})\.webp$/.exec(url)?.[1] ?? null;
}

/** The hash a `/media/:file` name stands for, or null when the name is not one we hand out. */
export function hashFromFileName(file: string): string | null {
  return FILE_NAME.exec(file)?.[1] ?? null;
}

/** The content hash is the strongest validator there is. */
export function etagFor(hash: string): string {
  return `"${hash}"`;
}

/** Whether an If-None-Match header names this image's ETag (lists, weak tags and * included). */
export function ifNoneMatchHits(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  const etag = etagFor(hash);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
