/**
 * The front end has no import circle: a module that imports, through any chain, one that imports it back
 * runs against a half-initialised module (an undefined export at start-up, depending on which loads first).
 * Walks the static value imports of frontend/src (type-only imports and lazy `import()` vanish at run time).
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `import x from './a.js'`, `import './a.js'`, `export { x } from './a.js'`; not `import type`/`export type`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
}

export function importGraph(files: string[]): Map<string, string[]> {
  const inside = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(STATIC_IMPORT)].flatMap(([, spec]) => {
        const target = resolveImport(file, spec!);
        return target && inside.has(target) ? [target] : [];
      });
      return [file, targets];
    }),
  );
}

/** Every circle, each as the chain of files from one module back to itself. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

describe('the front end import graph', () => {
  it('finds a circle when there is one (the check can fail)', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(importCircles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has no import circle in frontend/src', () => {
    const graph = importGraph(sourceFiles(SRC));
    expect(graph.size).toBeGreaterThan(100);
    const circles = importCircles(graph).map((chain) => chain.map((f) => relative(SRC, f)).join(' → '));
    expect(circles).toEqual([]);
  });
});
