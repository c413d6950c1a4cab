/** Every mail template, for loadMailTemplates (mail-templates.ts): the one way the app reaches them. */
export { followedSection, renderAlertMail } from './alert.js';
export { renderCampaign } from './campaign.js';
export { CONFIRM_SUBJECT, confirmSubscriptionMail } from './confirm-subscription.js';
export { invitationMail } from './invitation.js';
