import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_TEXT, formatUsd } from '../../../../../common/account.js';
import type { MyPayoutReportDto } from '../../../../../common/payout-api-types.js';
import { PAYOUT_PROOF_MAX } from '../../../../../common/payouts.js';
import { ApiRequestError, apiPost } from '../../../lib/api.js';
import { MY_CLAIMS_KEY, MY_REPORTS_KEY } from './account-queries.js';
import { IMAGE_ACCEPT, imagesProblem, listFieldError, toDataUrls } from './image-files.js';

/** Turns a denied report into a payout-guarantee claim (POST /_api/payout-claims); the API's messages by field. */
export function ClaimForm({ report, onClose }: { report: MyPayoutReportDto; onClose: (claimId: number | null) => void }) {
  const client = useQueryClient();
  const id = useId();
  const [accountId, setAccountId] = useState('');
  const [statement, setStatement] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async () =>
      apiPost<{ id: number; status: string }>('/_api/payout-claims', {
        reportId: report.id,
        purchaseEvidence: await toDataUrls(files),
        accountId,
        statement,
      }),
    onSuccess: async ({ id: claimId }) => {
      await Promise.all([client.invalidateQueries({ queryKey: MY_REPORTS_KEY }), client.invalidateQueries({ queryKey: MY_CLAIMS_KEY })]);
      onClose(claimId);
    },
  });
  const errors = send.error instanceof ApiRequestError ? send.error.errors : undefined;
  // reportId's messages (too late, already claimed) concern the whole claim: shown above the button.
  const general = send.error && (!errors || errors.reportId) ? send.error.message : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (filesError) return;
    send.mutate();
  };
  const evidenceError = filesError ?? listFieldError(errors, 'purchaseEvidence');

  return (
    <form className="form account-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{ACCOUNT_TEXT.claimHeading(`${report.companyName}, ${formatUsd(report.amount)}`)}</h3>
      <p className="muted">{ACCOUNT_TEXT.claimIntro}</p>
      <label htmlFor={`${id}-evidence`}>{ACCOUNT_TEXT.purchaseEvidence(PAYOUT_PROOF_MAX)}</label>
      <input
        id={`${id}-evidence`}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        aria-invalid={!!evidenceError}
        aria-describedby={`${id}-evidence-error`}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          setFiles(picked);
          setFilesError(imagesProblem(picked));
        }}
      />
      <p id={`${id}-evidence-error`} className="field-error">{evidenceError}</p>
      <label htmlFor={`${id}-account`}>{ACCOUNT_TEXT.accountId}</label>
      <input id={`${id}-account`} type="text" value={accountId} onChange={(e) => setAccountId(e.target.value)} maxLength={120}
        aria-invalid={!!errors?.accountId} aria-describedby={`${id}-account-error`} />
      <p id={`${id}-account-error`} className="field-error">{errors?.accountId}</p>
      <label htmlFor={`${id}-statement`}>{ACCOUNT_TEXT.statement}</label>
      <textarea id={`${id}-statement`} rows={4} value={statement} onChange={(e) => setStatement(e.target.value)} maxLength={5000}
        aria-invalid={!!errors?.statement} aria-describedby={`${id}-statement-error`} />
      <p id={`${id}-statement-error`} className="field-error">{errors?.statement}</p>
      {general && <p role="alert" className="error">{general}</p>}
      <div className="account-actions">
        <button className="button" type="submit" disabled={send.isPending}>{send.isPending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.submitClaim}</button>
        <button className="button button-quiet" type="button" onClick={() => onClose(null)}>{ACCOUNT_TEXT.cancel}</button>
      </div>
    </form>
  );
}
