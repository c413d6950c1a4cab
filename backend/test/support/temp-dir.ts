import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  path: string;
  /** Removes the folder and everything in it; safe to call twice. */
  remove(): void;
}

/** A fresh folder under the system's temp dir: each suite removes the ones it made (a CI machine's /tmp is not for keeps). */
export function tempDir(prefix: string): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
