/**
 * docs/spec.md §4 "Slug behaviour": the slug that follows the title. Lowercased, trimmed,
 * whitespace to hyphens, non-word characters removed, repeated hyphens collapsed,
 * leading and trailing hyphens stripped.
 *
 * "Non-word" is taken literally (JavaScript's `\w`), so an underscore survives and
 * the server's slug rule ('Slug must be lowercase with dashes') then asks for a change.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The server's slug rule of docs/spec.md §5: only lowercase letters, digits and dashes. */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

export function isValidSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}
