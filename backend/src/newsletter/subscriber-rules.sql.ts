/**
 * The one rule for an address the newsletter may mail (issue #33): subscribed, confirmed (double opt-in) and never
 * bounced or complained about. Campaign audiences, the digest's recipients, the alerts' digest readers and the
 * admin's "confirmed" count all read it from here, so a change to who is deliverable is a change in one place.
 * `s` is the alias of a newsletter_subscribers row in the query ('' for the bare table).
 */
export const deliverableSql = (s = ''): string => {
  const c = s ? `${s}.` : '';
  return `${c}status = 'subscribed' and ${c}confirmed_at is not null and ${c}bounced_at is null`;
};
