import type { Locator, Page } from 'playwright-core';
import { ACCOUNT_TEXT, CLAIM_STATUS_LABEL, formatDay, formatUsd } from '../common/account.js';
import type { CompanyDto } from '../common/api-types.js';
import { EMAIL_SIGN_IN_TEXT } from '../common/email-sign-in.js';
import type { FirmProfileDto } from '../common/firm-api-types.js';
import { PAYOUT_MSG } from '../common/payout-messages.js';
import { PAYOUT_PROOF_MAX, PAYOUT_TEXT, usdAmount, type GuaranteeStats } from '../common/payouts.js';
import { emailLinkFromOutbox } from '../test-support/app-process.mjs';
import { axeViolations } from './support/axe.js';
import { VIEWPORTS, waitForHydration } from './support/browser.js';
import { browserJourney } from './support/journey.js';
import { signIn } from './support/site.js';

const TRADER = 'journey-trader@e2e.example';
const AMOUNT = 2400;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The payout guarantee end to end (issue #17), as a trader and an admin use it: the trader signs in by an email link
 * (read from the Outbox), reports a denied payout with a screenshot from the firm's profile, files a claim and answers
 * our question; the admin approves the report and moves the claim to paid in the admin screens; the trader's /account
 * says paid, the firm's payout figures and the guarantee's counters changed.
 */
describe('a payout claim from sign-in to paid, in Chromium', () => {
  const journey = browserJourney();
  let adminCookie: string;
  beforeAll(async () => {
    adminCookie = await signIn(journey.site.baseUrl);
  });

  const api = async <T>(path: string): Promise<T> => (await (await fetch(journey.site.baseUrl + path)).json()) as T;
  const image = (page: Page, name: string) => page.screenshot().then((buffer) => ({ name, mimeType: 'image/png', buffer }));

  it('signs in by email, reports, claims, answers; the admin approves and pays; figures and counters follow', async () => {
    const firm = (await api<CompanyDto[]>('/_api/companies'))[0]!;
    const before = (await api<FirmProfileDto>(`/_api/firms/${firm.slug}`)).payouts;
    const statsBefore = await api<GuaranteeStats>('/_api/payout-guarantee/stats');

    // — The trader signs in with the link mailed to them (no SMTP_URL: the Outbox holds it).
    const { page: trader, errors } = await journey.open();
    await trader.goto('/login');
    await waitForHydration(trader);
    await trader.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).waitFor();
    await trader.locator('#link-email').fill(TRADER);
    await trader.getByRole('button', { name: EMAIL_SIGN_IN_TEXT.button }).click();
    await trader.getByText(EMAIL_SIGN_IN_TEXT.sent).waitFor();
    await trader.goto(await emailLinkFromOutbox(journey.site.baseUrl, TRADER, adminCookie));
    // The link's page says whom it signs in; only its button uses the link (a mail scanner's visit does not).
    await trader.getByRole('button', { name: EMAIL_SIGN_IN_TEXT.confirmButton }).click();
    await trader.waitForURL('**/account');
    await trader.getByText(ACCOUNT_TEXT.signedInAs(TRADER)).waitFor();
    await trader.getByText(ACCOUNT_TEXT.reportsEmpty).waitFor();
    // The header's account state comes from the browser once it knows the session.
    await trader.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).waitFor();

    // — From the firm's profile to the report form, that firm chosen.
    await trader.goto(`/firms/${firm.slug}`);
    await waitForHydration(trader);
    await trader.getByRole('link', { name: ACCOUNT_TEXT.reportPayout }).click();
    await trader.waitForURL(`**/account?report=${firm.slug}`);
    const form = trader.locator('form', { has: trader.getByRole('heading', { name: ACCOUNT_TEXT.formHeading }) });
    const firmSelect = form.getByLabel(ACCOUNT_TEXT.firm, { exact: true });
    await firmSelect.locator('option', { hasText: firm.name }).waitFor({ state: 'attached' }); // the firms list arrives
    await expect(firmSelect.inputValue()).resolves.toBe(String(firm.id));
    await form.getByLabel(ACCOUNT_TEXT.outcome, { exact: true }).selectOption('denied');
    await form.getByLabel(ACCOUNT_TEXT.requestedOn, { exact: true }).fill(day(-6));
    await form.getByLabel(ACCOUNT_TEXT.resolvedOn, { exact: true }).fill(day(-2));
    await form.getByLabel(ACCOUNT_TEXT.firmReason, { exact: true }).fill('Consistency rule');
    await form.getByLabel(ACCOUNT_TEXT.proof(PAYOUT_PROOF_MAX), { exact: true }).setInputFiles(await image(trader, 'denial.png'));
    // The amount forgotten: the API's message next to its field, and nothing stored.
    await form.getByRole('button', { name: ACCOUNT_TEXT.submitReport }).click();
    await expect(messageOf(form.getByLabel(ACCOUNT_TEXT.amount, { exact: true }))).resolves.toBe(PAYOUT_MSG.amountPositive);
    await form.getByLabel(ACCOUNT_TEXT.amount, { exact: true }).fill(String(AMOUNT));
    await form.getByRole('button', { name: ACCOUNT_TEXT.submitReport }).click();
    await trader.getByText(ACCOUNT_TEXT.reportSent).waitFor();
    const report = trader.locator('[data-report-id]');
    await expect(report.count()).resolves.toBe(1);
    for (const shown of [firm.name, 'Awaiting review', formatUsd(AMOUNT), 'Denied']) await expect(report.textContent()).resolves.toContain(shown);
    const reportId = await report.getAttribute('data-report-id');

    // — The denied report becomes a claim.
    await report.getByRole('button', { name: ACCOUNT_TEXT.fileClaim }).click();
    await report.getByLabel(ACCOUNT_TEXT.purchaseEvidence(PAYOUT_PROOF_MAX), { exact: true }).setInputFiles(await image(trader, 'receipt.png'));
    await report.getByLabel(ACCOUNT_TEXT.accountId, { exact: true }).fill('ACC-4242');
    await report.getByLabel(ACCOUNT_TEXT.statement, { exact: true }).fill('I followed every rule; the firm denied my payout anyway.');
    await report.getByRole('button', { name: ACCOUNT_TEXT.submitClaim }).click();
    await trader.getByText(ACCOUNT_TEXT.claimSent).waitFor();
    const claim = trader.locator('[data-claim-id]');
    await expect(claim.getByTestId('claim-status').textContent()).resolves.toBe(CLAIM_STATUS_LABEL.submitted);
    const claimId = await claim.getAttribute('data-claim-id');
    await expect(report.getByRole('button', { name: ACCOUNT_TEXT.fileClaim }).count()).resolves.toBe(0);

    // — The admin, in the admin screens: approves the report, then moves the claim.
    const { page: admin, context: adminContext } = await journey.open();
    const at = adminCookie.indexOf('=');
    await adminContext.addCookies([{ name: adminCookie.slice(0, at), value: adminCookie.slice(at + 1), url: journey.site.baseUrl }]);
    await edit(admin, `/admin/payout-reports/${reportId}`, 'approved');
    const move = (status: string, note?: string, paidAmount?: number) => edit(admin, `/admin/payout-claims/${claimId}`, status, note, paidAmount);
    await move('under-review');
    const question = 'Please send the trade history of your last trading day.';
    await move('needs-info', question);

    // — The trader answers the question (the claim opens by itself while it waits for them).
    await trader.goto('/account');
    await claim.locator('.account-timeline').getByText(question).waitFor();
    await claim.getByText(ACCOUNT_TEXT.needsInfo).waitFor();
    await claim.getByLabel(ACCOUNT_TEXT.replyLabel, { exact: true }).fill('The trade history is attached to ticket 42.');
    await claim.getByRole('button', { name: ACCOUNT_TEXT.sendReply }).click();
    await claim.getByTestId('claim-status').filter({ hasText: CLAIM_STATUS_LABEL['under-review'] }).waitFor();
    await claim.locator('.account-timeline').getByText('The trade history is attached to ticket 42.').waitFor();

    await move('approved', 'Your claim meets the terms.');
    await move('paid', 'Sent by bank transfer.', AMOUNT);

    // — The trader's page says paid, with the dated timeline.
    await trader.goto(`/account?claim=${claimId}`);
    await expect(claim.getByTestId('claim-status').textContent()).resolves.toBe(CLAIM_STATUS_LABEL.paid);
    await claim.getByText(ACCOUNT_TEXT.paidLine(formatUsd(AMOUNT), formatDay(day(0)))).waitFor();
    // Every dated event we keep is on the trader's timeline: filed, four moves of ours, their answer, paid.
    const kept = (await (await fetch(`${journey.site.baseUrl}/_api/admin/payout-claims/${claimId}`, { headers: { cookie: adminCookie } })).json()) as { timeline: unknown[] };
    expect(kept.timeline.length).toBeGreaterThanOrEqual(6);
    await expect(claim.locator('.account-timeline > li').count()).resolves.toBe(kept.timeline.length);
    await expect(report.getByText('Approved').count()).resolves.toBe(1);

    // — The firm's figures count the approved report, on its profile too; the guarantee's counters the paid claim.
    const after = (await api<FirmProfileDto>(`/_api/firms/${firm.slug}`)).payouts;
    expect(after.approvedReports).toBe(before.approvedReports + 1);
    expect(after.denied).toBe(before.denied + 1);
    await trader.goto(`/firms/${firm.slug}`);
    await expect(trader.getByTestId('payout-reports-count').textContent()).resolves.toBe(PAYOUT_TEXT.reports(after.approvedReports));
    const stats = await api<GuaranteeStats>('/_api/payout-guarantee/stats');
    expect(stats).toMatchObject({
      received: statsBefore.received + 1,
      approved: statsBefore.approved + 1,
      paid: statsBefore.paid + 1,
      paidTotal: statsBefore.paidTotal + AMOUNT,
    });
    // The guarantee page's counters are those figures.
    await trader.goto('/payout-guarantee');
    const shown = trader.getByTestId('guarantee-stats');
    for (const key of ['received', 'approved', 'paid'] as const) {
      await expect(shown.locator(`dd[data-stat="${key}"]`).textContent()).resolves.toBe(stats[key].toLocaleString('en-US'));
    }
    await expect(shown.locator('dd[data-stat="paidTotal"]').textContent()).resolves.toBe(usdAmount(stats.paidTotal));

    // — /account at both widths: looked at, and axe-clean.
    const found: Record<string, string[]> = {};
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      await trader.setViewportSize(viewport);
      await trader.goto(`/account?claim=${claimId}`);
      await claim.locator('.account-timeline').waitFor();
      // The page is its reader's alone: it comes with the session (the header says Account at once).
      await expect(trader.locator('header nav a[href="/account"]').first().textContent()).resolves.toBe('Account');
      await trader.screenshot({ path: `reports/screenshots/account-${width}.png`, fullPage: true });
      found[width] = await axeViolations(trader);
    }
    expect(found).toEqual({ desktop: [], mobile: [] });

    // — The trader deletes the account: confirmed by a second click, signed out, /account asks to sign in again;
    // the approved report stays counted as an anonymous figure.
    await trader.getByRole('button', { name: ACCOUNT_TEXT.deleteStart }).click();
    await trader.getByText(ACCOUNT_TEXT.deleteQuestion).waitFor();
    await trader.getByRole('button', { name: ACCOUNT_TEXT.deleteConfirm }).click();
    await trader.waitForURL(journey.site.baseUrl + '/');
    await trader.goto('/account');
    await trader.waitForURL('**/login?next=%2Faccount');
    expect((await api<FirmProfileDto>(`/_api/firms/${firm.slug}`)).payouts.approvedReports).toBe(after.approvedReports);
    expect(errors).toEqual([]);
  });
});

/** The message shown for a field (the element its aria-describedby names), once there is one. */
async function messageOf(field: Locator): Promise<string> {
  const id = await field.getAttribute('aria-describedby');
  const message = field.page().locator(`[id="${id}"]`);
  await message.filter({ hasText: /\S/ }).waitFor();
  return (await message.textContent()) ?? '';
}

/** A react-admin edit page: pick the status, fill the note and amount when given, save, wait for the server's answer. */
async function edit(admin: Page, path: string, status: string, note?: string, paidAmount?: number): Promise<void> {
  await admin.goto(path);
  await admin.getByRole('combobox', { name: /status/i }).click();
  await admin.getByRole('option', { name: status, exact: true }).click();
  if (note) await admin.getByLabel('Note to the trader (emailed)', { exact: true }).fill(note);
  if (paidAmount !== undefined) await admin.getByLabel('Paid amount (USD, when paid)', { exact: true }).fill(String(paidAmount));
  const saved = admin.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/_api/admin${path.slice('/admin'.length)}`);
  await admin.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
}
