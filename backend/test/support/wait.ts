/**
 * The one `eventually` of every suite (API, browser, process-level): retries `check` until it stops throwing,
 * for up to `ms`; then its last error is the test's failure. For what settles a moment later (NOTIFY, a restart).
 */
export async function eventually(check: () => void | Promise<void>, ms = 3000, intervalMs = 25): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
