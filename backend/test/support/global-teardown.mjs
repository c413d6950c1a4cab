import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const db = globalThis.__testDb;
  if (!db) return;
  await db.stop();
  rmSync(db.dir, { recursive: true, force: true });
}
