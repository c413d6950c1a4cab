/**
 * Dates shown on public pages, formatted in UTC: the server renders them and the browser hydrates
 * the same text whatever its time zone (a local format would differ near midnight and break hydration).
 */
const LONG = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
const SHORT = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** 'January 5, 2025' */
export const formatLongUtcDate = (date: Date): string => LONG.format(date);
/** 'Jan 5, 2025' */
export const formatShortUtcDate = (date: Date): string => SHORT.format(date);
