/**
 * Every pg-boss queue's name, in one list (issue #33): the jobs admin and an operator reading pgboss.job find
 * here which feature owns a queue, and no feature imports another to learn a name. Each queue's worker is
 * registered by the service named beside it.
 */
/** MailService: one queued letter. */
export const SEND_MAIL_QUEUE = 'send-mail';
/** PostPublishingService: a scheduled post goes live. */
export const POST_PUBLISH_QUEUE = 'post-publish';
/** FirmPricesService: recompute the kept prices whose window ended. */
export const FIRM_PRICES_REFRESH_QUEUE = 'firm-prices-refresh';
/** ProofFiguresService: refresh a code's proof figures. */
export const FIGURES_QUEUE = 'proof-figures-refresh';
/** AlertsService: the alert fan-out's tick, one follower's send, the weekly mail and its catch-up. */
export const ALERTS_TICK_QUEUE = 'alerts-tick';
export const ALERTS_SEND_QUEUE = 'alerts-send';
export const ALERTS_WEEKLY_QUEUE = 'alerts-weekly';
export const ALERTS_WEEKLY_CATCH_UP_QUEUE = 'alerts-weekly-catch-up';
/** DigestService: the Monday digest. */
export const DIGEST_QUEUE = 'newsletter-digest';
/** CampaignSender: one campaign run. */
export const CAMPAIGN_QUEUE = 'campaign-send';
