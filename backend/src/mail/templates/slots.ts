/**
 * Placeholders filled per recipient at send time (a campaign's message is rendered once). Apart from the templates,
 * so the mail thread, which fills them, does not load React to know them.
 */
export const RECIPIENT_SLOT = '%%RECIPIENT%%';
export const UNSUBSCRIBE_SLOT = '%%UNSUBSCRIBE%%';
/** Where a weekly trader's "Firms you follow" section goes in their digest copy (issue #19); empty for everyone else. */
export const FOLLOWS_SLOT = '%%FOLLOWS%%';
