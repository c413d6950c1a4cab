/**
 * The mail templates, loaded on first use. react-email with its tailwind, prettier and html-to-text adds about
 * 58 MB to a process; a web copy renders mail only when a visitor subscribes or an admin invites someone, so one
 * that serves pages does not carry them (issue #29: the crawl stays under its memory budget). The worker loads
 * them with its first campaign or alert.
 */
export const loadMailTemplates = () => import('./templates/index.js');
