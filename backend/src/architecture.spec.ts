/**
 * The backend's folders form layers: an arrow may point down, never both ways (issue #33). This reads every
 * import (static, `export … from`, `import type`, dynamic `import()`) of every file under backend/src and names each
 * pair of top-level folders that import each other, with one file of each side, so the message says where to cut.
 * Unit specs are left out: a test may reach across folders (common/form-rules.spec.ts checks every DTO's rules)
 * without the running code depending on it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The top-level folder under backend/src a path belongs to; undefined for files at the root (main.ts, app.module.ts). */
function folderOf(path: string): string | undefined {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** from → to → one example "file imports spec". */
export function folderArrows(files: { path: string; text: string }[]): Map<string, Map<string, string>> {
  const arrows = new Map<string, Map<string, string>>();
  for (const { path, text } of files) {
    const from = folderOf(path);
    if (!from) continue;
    for (const [, spec] of text.matchAll(IMPORT)) {
      const to = folderOf(resolve(dirname(path), spec));
      if (!to || to === from) continue;
      const targets = arrows.get(from) ?? new Map<string, string>();
      if (!targets.has(to)) targets.set(to, `${relative(SRC, path)} imports ${spec}`);
      arrows.set(from, targets);
    }
  }
  return arrows;
}

export function twoWayPairs(arrows: Map<string, Map<string, string>>): string[] {
  const pairs: string[] = [];
  for (const [a, targets] of arrows) {
    for (const [b, why] of targets) {
      const back = arrows.get(b)?.get(a);
      if (a < b && back) pairs.push(`${a} ⇄ ${b}: ${why}; ${back}`);
    }
  }
  return pairs.sort();
}

describe('backend folder graph', () => {
  it('has no two folders that import each other', () => {
    const files = sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(twoWayPairs(folderArrows(files))).toEqual([]);
  });

  it('names a two-way pair when one appears', () => {
    const files = [
      { path: join(SRC, 'mail', 'a.ts'), text: "import type { X } from '../campaigns/b.js';" },
      { path: join(SRC, 'campaigns', 'b.ts'), text: "export { Y } from '../mail/a.js';" },
      { path: join(SRC, 'jobs', 'c.ts'), text: "const m = await import('../mail/a.js');" },
    ];
    expect(twoWayPairs(folderArrows(files))).toEqual([
      "campaigns ⇄ mail: campaigns/b.ts imports ../mail/a.js; mail/a.ts imports ../campaigns/b.js",
    ]);
  });
});
