import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ACCOUNT_TEXT, OUTCOME_LABEL } from '../../../../../common/account.js';
import { PAYOUT_OUTCOMES, PAYOUT_PROOF_MAX, type PayoutOutcome } from '../../../../../common/payouts.js';
import { ApiRequestError, apiPost } from '../../../lib/api.js';
import { companiesQuery } from '../../../lib/queries.js';
import { MY_REPORTS_KEY } from './account-queries.js';
import { IMAGE_ACCEPT, imagesProblem, listFieldError, toDataUrls } from './image-files.js';

interface Draft {
  companyId: string;
  programName: string;
  accountSize: string;
  amount: string;
  requestedOn: string;
  outcome: PayoutOutcome;
  resolvedOn: string;
  firmReason: string;
  note: string;
}

const text = (v: string) => (v.trim() === '' ? null : v.trim());
const number = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * Report a payout (POST /_api/payout-reports): the fields and up to 5 screenshots. Every message comes from
 * the API and shows next to its field; nothing is stored unless the whole report is accepted.
 */
export function ReportPayoutForm({ firmSlug, onClose }: { firmSlug: string | null; onClose: (sent: boolean) => void }) {
  const firms = useQuery(companiesQuery());
  const client = useQueryClient();
  const id = useId();
  const chosen = firms.data?.find((f) => f.slug === firmSlug);
  const [draft, setDraft] = useState<Draft>({
    companyId: '', programName: '', accountSize: '', amount: '', requestedOn: '', outcome: 'paid', resolvedOn: '', firmReason: '', note: '',
  });
  const companyId = draft.companyId || (chosen ? String(chosen.id) : '');
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async () =>
      apiPost<{ id: number; status: string }>('/_api/payout-reports', {
        companyId: number(companyId),
        programName: text(draft.programName),
        accountSize: number(draft.accountSize),
        amount: number(draft.amount),
        requestedOn: draft.requestedOn,
        outcome: draft.outcome,
        resolvedOn: text(draft.resolvedOn),
        firmReason: text(draft.firmReason),
        note: text(draft.note),
        proof: await toDataUrls(files),
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: MY_REPORTS_KEY });
      onClose(true);
    },
  });
  const errors = send.error instanceof ApiRequestError ? send.error.errors : undefined;
  // A message the API gave for no field of this form (a duplicate report, a limit) shows above the button.
  const general = send.error && !errors ? send.error.message : undefined;

  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (filesError) return;
    send.mutate();
  };
  const field = (name: keyof Draft | 'proof', label: string, control: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string }) => ReactNode) => {
    const error = name === 'proof' ? (filesError ?? listFieldError(errors, 'proof')) : errors?.[name];
    const fieldId = `${id}-${name}`;
    return (
      <div className="account-field">
        <label htmlFor={fieldId}>{label}</label>
        {control({ id: fieldId, 'aria-invalid': !!error, 'aria-describedby': `${fieldId}-error` })}
        <p id={`${fieldId}-error`} className="field-error">{error}</p>
      </div>
    );
  };

  return (
    <form className="form account-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{ACCOUNT_TEXT.formHeading}</h3>
      <p className="muted">{ACCOUNT_TEXT.formIntro}</p>
      {field('companyId', ACCOUNT_TEXT.firm, (p) => (
        <select {...p} value={companyId} onChange={set('companyId')} required>
          <option value="">{ACCOUNT_TEXT.chooseFirm}</option>
          {firms.data?.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
        </select>
      ))}
      <div className="account-form-row">
        {field('programName', ACCOUNT_TEXT.programName, (p) => <input {...p} type="text" value={draft.programName} onChange={set('programName')} maxLength={120} />)}
        {field('accountSize', ACCOUNT_TEXT.accountSize, (p) => <input {...p} type="text" inputMode="numeric" value={draft.accountSize} onChange={set('accountSize')} />)}
      </div>
      <div className="account-form-row">
        {field('amount', ACCOUNT_TEXT.amount, (p) => <input {...p} type="text" inputMode="decimal" value={draft.amount} onChange={set('amount')} required />)}
        {field('outcome', ACCOUNT_TEXT.outcome, (p) => (
          <select {...p} value={draft.outcome} onChange={set('outcome')}>
            {PAYOUT_OUTCOMES.map((o) => <option key={o} value={o}>{OUTCOME_LABEL[o]}</option>)}
          </select>
        ))}
      </div>
      <div className="account-form-row">
        {field('requestedOn', ACCOUNT_TEXT.requestedOn, (p) => <input {...p} type="date" value={draft.requestedOn} onChange={set('requestedOn')} required />)}
        {field('resolvedOn', ACCOUNT_TEXT.resolvedOn, (p) => <input {...p} type="date" value={draft.resolvedOn} onChange={set('resolvedOn')} />)}
      </div>
      {field('firmReason', ACCOUNT_TEXT.firmReason, (p) => <textarea {...p} rows={2} value={draft.firmReason} onChange={set('firmReason')} maxLength={1000} />)}
      {field('note', ACCOUNT_TEXT.note, (p) => <textarea {...p} rows={3} value={draft.note} onChange={set('note')} maxLength={2000} />)}
      {field('proof', ACCOUNT_TEXT.proof(PAYOUT_PROOF_MAX), (p) => (
        <input
          {...p}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            setFiles(picked);
            setFilesError(imagesProblem(picked));
          }}
        />
      ))}
      {general && <p role="alert" className="error">{general}</p>}
      {errors && <p role="alert" className="error visually-hidden">{send.error?.message}</p>}
      <div className="account-actions">
        <button className="button" type="submit" disabled={send.isPending}>{send.isPending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.submitReport}</button>
        <button className="button button-quiet" type="button" onClick={() => onClose(false)}>{ACCOUNT_TEXT.cancel}</button>
      </div>
    </form>
  );
}
