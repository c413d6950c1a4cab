import { Box, Button, Typography } from '@mui/material';
import {
  ArrayInput, BooleanInput, CheckboxGroupInput, DateInput, Edit, NumberInput, SaveButton, SelectInput, SimpleForm,
  SimpleFormIterator, TextArrayInput, TextInput, Toolbar, useNotify, useRecordContext,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { AdminCompanyDto, ProgramDto, ScoreDto } from '../../../../common/firm-api-types.js';
import {
  AFFILIATE_STATUSES, AFFILIATE_STATUS_LABELS, ASSET_CLASSES, CRITERIA, DRAWDOWN_TYPES, DRAWDOWN_TYPE_LABELS, FIRM_LIMITS,
  FIRM_MSG, FIRM_STATUSES, FIRM_STATUS_LABELS, PLATFORMS, PROGRAM_TYPES, PROGRAM_TYPE_LABELS, SCORE_MAX, SCORE_MIN, STATUS_REASON_MAX,
} from '../../../../common/firms.js';
import { TOAST } from '../../../../common/messages.js';
import { errorMessage } from '../components/errors.js';
import { PageHeader } from '../components/PageHeader.js';
import { withVersion } from '../components/versioned.js';

const choices = <T extends string>(values: readonly T[], labels?: Record<T, string>) => values.map((v) => ({ id: v, name: labels?.[v] ?? v }));
const CRITERIA_CHOICES = CRITERIA.map((c) => ({ id: c.key, name: `${c.label} (${c.weight}%)` }));

/** The record, plus this save's words on its rule changes (not stored on the company: kept with each recorded change). */
type ProfileForm = Partial<AdminCompanyDto> & { changeNote?: string | null; changeSourceUrl?: string | null };
/** The server's rule (FIRM_MSG.consistency), said on the field before the save: above 0 and at most 100, or empty. */
const consistencyRule = (v: unknown) => (numOrNull(v) === null || (Number(v) > 0 && Number(v) <= 100) ? undefined : FIRM_MSG.consistency);
const numOrNull = (v: unknown) => (v === '' || v === undefined || v === null ? null : Number(v));

/**
 * What this page saves: the profile fields, programs with their sizes and the criteria scores (a
 * PUT of part of the record: SPEC's company fields stay as they are; the lists replace the stored ones).
 */
export function recordToProfilePayload(d: ProfileForm) {
  return {
    slug: d.slug,
    status: d.status,
    statusSince: d.statusSince || null,
    statusReason: d.statusReason?.trim() || null,
    statusSource: d.statusSource?.trim() || null,
    affiliateStatus: d.affiliateStatus,
    foundedYear: numOrNull(d.foundedYear),
    headquarters: d.headquarters?.trim() || null,
    platforms: d.platforms ?? [],
    assetClasses: d.assetClasses ?? [],
    restrictedCountries: (d.restrictedCountries ?? []).map((c) => c.trim()).filter(Boolean),
    lastTestedAt: d.lastTestedAt || null,
    passRate: numOrNull(d.passRate),
    passRateSourceUrl: d.passRateSourceUrl?.trim() || null,
    passRateDate: d.passRateDate || null,
    changeNote: d.changeNote?.trim() || null,
    changeSourceUrl: d.changeSourceUrl?.trim() || null,
    programs: (d.programs ?? []).map((p: Partial<ProgramDto>) => ({
      // The id lets the history know a renamed program is the same program.
      id: p.id,
      name: p.name ?? '',
      type: p.type,
      profitTargets: (p.profitTargets ?? []).map(Number),
      dailyLoss: numOrNull(p.dailyLoss),
      maxLoss: numOrNull(p.maxLoss),
      drawdownType: p.drawdownType,
      minTradingDays: numOrNull(p.minTradingDays) ?? 0,
      timeLimitDays: numOrNull(p.timeLimitDays),
      consistency: numOrNull(p.consistency),
      trailingStopsAtStart: !!p.trailingStopsAtStart,
      profitSplit: numOrNull(p.profitSplit),
      firstPayoutDays: numOrNull(p.firstPayoutDays),
      payoutFrequency: p.payoutFrequency?.trim() || null,
      refundableFee: !!p.refundableFee,
      activationFee: numOrNull(p.activationFee),
      resetPrice: numOrNull(p.resetPrice),
      sizes: (p.sizes ?? []).map((s) => ({ size: numOrNull(s.size), price: numOrNull(s.price) })),
    })),
    scores: (d.scores ?? []).map((s: Partial<ScoreDto>) => ({ criterion: s.criterion, score: numOrNull(s.score), note: s.note?.trim() || null })),
  };
}

function Title() {
  const record = useRecordContext<AdminCompanyDto>();
  return (
    <PageHeader
      title={record ? `Firm profile: ${record.name}` : 'Firm profile'}
      subtitle="Programs and account sizes, criteria scores with notes, status and affiliate status."
      actions={record ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={Link} to={`/admin/firm-changes?filter=${encodeURIComponent(JSON.stringify({ companyId: record.id }))}`}>Changelog</Button>
          <Button component="a" href={`/firms/${record.slug}`} target="_blank" rel="noopener">View profile</Button>
        </Box>
      ) : undefined}
    />
  );
}

/** The editor's note and source for what this save changes: the rule history keeps them with each change. */
function ChangeNoteInputs() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }}>
      <TextInput source="changeNote" label="Note on this save's rule changes (optional)" helperText="Shown with each change in the firm's rule history" />
      <TextInput source="changeSourceUrl" label="Source of the changes (URL, optional)" helperText="Where the firm announced them" />
    </Box>
  );
}

const sectionTitle = (text: string) => <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>{text}</Typography>;

/** /admin/companies/:id/profile: the firm's profile on react-admin's SimpleForm, ArrayInput and SimpleFormIterator. */
export function FirmProfileEdit() {
  const { id } = useParams();
  const notify = useNotify();
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <Edit
        resource="companies"
        id={Number(id)}
        title={false}
        actions={false}
        redirect={false}
        mutationMode="pessimistic"
        transform={withVersion(recordToProfilePayload)}
        mutationOptions={{
          onSuccess: () => notify(TOAST.companyUpdated, { type: 'success' }),
          onError: (e) => notify(TOAST.failed('update company', errorMessage(e)), { type: 'error' }),
        }}
        component="div"
      >
        <Title />
        {/* The server's checks are the rules (messages per field); the browser's own min/step checks would block the save silently. */}
        <SimpleForm toolbar={<Toolbar><SaveButton label="Save profile" /></Toolbar>} sx={{ maxWidth: '100%' }} noValidate warnWhenUnsavedChanges>
          <ChangeNoteInputs />
          {sectionTitle('Status and facts')}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }}>
            <TextInput source="slug" label="URL slug" helperText="/firms/{slug}" />
            <SelectInput source="status" choices={choices(FIRM_STATUSES, FIRM_STATUS_LABELS)} />
            <DateInput source="statusSince" label="Status since" helperText="Today when the status changes and this is left as it was" />
            <TextInput source="statusReason" label="Status reason (one line)" helperText={`Shown on the profile and the firm's cards; at most ${STATUS_REASON_MAX} characters`} />
            <TextInput source="statusSource" label="Status source URL" helperText="Where the reason can be checked" />
            <SelectInput source="affiliateStatus" label="Affiliate status" choices={choices(AFFILIATE_STATUSES, AFFILIATE_STATUS_LABELS)} />
            <DateInput source="lastTestedAt" label="Last tested" />
            <NumberInput source="foundedYear" label="Founded year" min={FIRM_LIMITS.minFoundedYear} step={1} />
            <TextInput source="headquarters" label="Headquarters (country)" />
          </Box>
          <CheckboxGroupInput source="platforms" choices={choices(PLATFORMS)} />
          <CheckboxGroupInput source="assetClasses" label="Asset classes" choices={choices(ASSET_CLASSES)} />
          <TextArrayInput source="restrictedCountries" label="Restricted countries" helperText="Type a country and press Enter" />

          {sectionTitle('Published pass rate')}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, width: '100%' }}>
            <NumberInput source="passRate" label="Pass rate % (empty: not published)" min={0} max={100} />
            <TextInput source="passRateSourceUrl" label="Where the firm publishes it (URL)" />
            <DateInput source="passRateDate" label="Read on" />
          </Box>

          {sectionTitle('Criteria scores')}
          <ArrayInput source="scores" label={false}>
            <SimpleFormIterator inline disableReordering>
              <SelectInput source="criterion" choices={CRITERIA_CHOICES} />
              <NumberInput source="score" min={SCORE_MIN} max={SCORE_MAX} step={0.1} />
              <TextInput source="note" multiline sx={{ minWidth: 280 }} />
            </SimpleFormIterator>
          </ArrayInput>

          {sectionTitle('Programs and account sizes')}
          <ArrayInput source="programs" label={false}>
            <SimpleFormIterator>
              <TextInput source="name" label="Program name" />
              <SelectInput source="type" label="Type" choices={choices(PROGRAM_TYPES, PROGRAM_TYPE_LABELS)} />
              <ArrayInput source="profitTargets" label="Profit target per phase (%)">
                <SimpleFormIterator inline disableReordering>
                  <NumberInput source="" label="Target %" min={0} max={100} />
                </SimpleFormIterator>
              </ArrayInput>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, width: '100%' }}>
                <NumberInput source="dailyLoss" label="Daily loss %" min={0} max={100} />
                <NumberInput source="maxLoss" label="Max loss %" min={0} max={100} />
                <SelectInput source="drawdownType" label="Drawdown" choices={choices(DRAWDOWN_TYPES, DRAWDOWN_TYPE_LABELS)} />
                <NumberInput source="minTradingDays" label="Min trading days" min={0} step={1} />
                <NumberInput source="timeLimitDays" label="Time limit (days, empty: none)" min={1} step={1} />
                <NumberInput source="consistency" label="Consistency: best day ≤ % of profit (empty: none)" min={0} max={100} validate={consistencyRule} />
                <BooleanInput source="trailingStopsAtStart" label="Trailing floor stops at the starting balance" />
                <NumberInput source="profitSplit" label="Profit split %" min={0} max={100} />
                <NumberInput source="firstPayoutDays" label="First payout after (days)" min={0} step={1} />
                <TextInput source="payoutFrequency" label="Payout frequency" />
                <BooleanInput source="refundableFee" label="Refundable fee" />
                <NumberInput source="activationFee" label="Activation fee ($)" min={0} />
                <NumberInput source="resetPrice" label="Reset price ($)" min={0} />
              </Box>
              <ArrayInput source="sizes" label="Account sizes and prices">
                <SimpleFormIterator inline disableReordering>
                  <NumberInput source="size" label="Size ($)" min={1} step={1} />
                  <NumberInput source="price" label="Price ($)" min={0} />
                </SimpleFormIterator>
              </ArrayInput>
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleForm>
      </Edit>
    </Box>
  );
}
