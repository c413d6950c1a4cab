/**
 * The one statement that records a bounce on a subscriber: a permanent refusal or a complaint stamps bounced_at
 * once (a later one keeps the first date), after which deliverableSql (newsletter/subscriber-rules.sql.ts) leaves
 * the address out. The fan-out runs it for a campaign copy the server refused; DoubleOptInService for a refused
 * confirmation letter and the provider's webhook. It sits with the mail because the fan-out runs in the mail
 * thread, below newsletter/. `where` picks the row (`id = $1` on the thread's pg pool, `email = ?` through the ORM).
 */
export const subscriberBouncedSql = (where: string): string =>
  `update newsletter_subscribers set bounced_at = coalesce(bounced_at, now()), updated_at = now() where ${where}`;
