import { DateInput, ReferenceInput, SelectInput, TextInput, required } from 'react-admin';
import { FIRM_MSG } from '../../../../common/firms.js';

export const CHANGELOG = { to: '/admin/firm-changes', label: 'Back to Firm changelog' };

export const toPayload = (d: { companyId?: number; date?: string; change?: string; sourceUrl?: string | null }) => ({
  companyId: d.companyId,
  date: d.date,
  change: d.change?.trim() ?? '',
  sourceUrl: d.sourceUrl?.trim() || null,
});

export function ChangeInputs() {
  return (
    <>
      <ReferenceInput source="companyId" reference="companies">
        <SelectInput optionText="name" label="Firm" validate={required(FIRM_MSG.companyId)} />
      </ReferenceInput>
      <DateInput source="date" validate={required(FIRM_MSG.changeDate)} />
      <TextInput source="change" label="What changed" multiline minRows={2} validate={required(FIRM_MSG.changeText)} fullWidth />
      <TextInput source="sourceUrl" label="Source URL" type="url" fullWidth />
    </>
  );
}
