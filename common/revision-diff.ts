/**
 * A readable diff of two revisions (issue #20): per field, the words kept, removed and added. HTML bodies are
 * compared as the text a reader sees (tags dropped, block ends as line breaks), so a diff never shows markup.
 * Pure, shared by the admin (which renders it) and the tests.
 */

export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };
export interface FieldDiff {
  field: string;
  label: string;
  parts: DiffPart[];
}

/** The fields a revision comparison shows, in this order, with their labels. */
export const DIFF_FIELDS: ReadonlyArray<{ field: string; label: string; html?: boolean }> = [
  { field: 'title', label: 'Title' },
  { field: 'excerpt', label: 'Excerpt' },
  { field: 'content', label: 'Body', html: true },
];

/** A campaign's fields, compared the same way. */
export const CAMPAIGN_DIFF_FIELDS: ReadonlyArray<{ field: string; label: string; html?: boolean }> = [
  { field: 'subject', label: 'Subject' },
  { field: 'previewText', label: 'Preview text' },
  { field: 'html', label: 'Content', html: true },
];

/** Beyond this many tokens × tokens, the middle of a field is shown as removed then added (no quadratic work). */
const MAX_CELLS = 4_000_000;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The text a reader sees of stored HTML: block ends become line breaks, tags go, entities are read. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** Words and the spaces between them, so joining the parts gives the text back exactly. */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** Word diff of two texts: the longest common subsequence of their tokens, after trimming the shared ends. */
export function diffText(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    push(parts, 'removed', midA.join(''));
    push(parts, 'added', midB.join(''));
  } else {
    // lcs[i][j]: the longest common subsequence of midA[i:] and midB[j:].
    const n = midA.length;
    const m = midB.length;
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i][j] = midA[i] === midB[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        push(parts, 'same', midA[i]);
        i++;
        j++;
      } else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) {
        // Removals first, so a replaced word reads "old" then "new".
        push(parts, 'removed', midA[i]);
        i++;
      } else {
        push(parts, 'added', midB[j]);
        j++;
      }
    }
  }
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}

const asText = (v: unknown, html?: boolean) => (typeof v === 'string' ? (html ? htmlToText(v) : v) : '');

/** The fields of DIFF_FIELDS that differ between two revisions (or a revision and the current record). */
export function diffRevisions(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: ReadonlyArray<{ field: string; label: string; html?: boolean }> = DIFF_FIELDS,
): FieldDiff[] {
  return fields.flatMap(({ field, label, html }) => {
    const a = asText(before[field], html);
    const b = asText(after[field], html);
    return a === b ? [] : [{ field, label, parts: diffText(a, b) }];
  });
}
