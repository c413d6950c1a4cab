import {
  Alert, Box, Button, Chip, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm, ReferenceManyField, useDataProvider, useListContext, useNotify, useRecordContext, useRefresh,
} from 'react-admin';
import type { AdminDiscountDto } from '../../../../common/api-types.js';
import type { DiscountCheckDto } from '../../../../common/proof-api-types.js';
import { CHECK_RESULTS, proofTexts, type CheckResult } from '../../../../common/proof.js';
import { PROOF_MSG } from '../../../../common/proof-messages.js';
import { errorMessage } from '../components/errors.js';
import { VerifiedIcon } from '../components/icons.js';
import type { ProofDataProvider } from '../dataProvider.js';

const plural = (n: number) => `${n} discount${n === 1 ? '' : 's'}`;

/**
 * Last verified column, short to keep the table within a laptop's width: 'Today' / '3 days ago' / 'Never'
 * (the public card's 'Verified …' without the word), and a 'Not working' flag.
 */
export function VerifiedCell({ record }: { record: AdminDiscountDto }) {
  const texts = proofTexts(record, new Date());
  const short = record.lastVerifiedAt ? texts.verified.replace(/^Verified /, '').replace(/^today$/, 'Today') : 'Never';
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} title={texts.verified}>{short}</Typography>
      {/* An expired discount's last check naturally found it expired: no alarm for that. */}
      {texts.notWorking && record.status !== 'expired' && <Chip size="small" color="error" label="Not working" title="Reported not working" />}
    </Stack>
  );
}

/** Success column: the rate over the last 30 days and its number of reports, whatever that number (the admin sees the raw figure). */
export const successCell = (r: AdminDiscountDto) =>
  `${r.successRate === null ? '—' : `${r.successRate}% (${r.reportsCount})`}${r.heldReports ? ` · ${r.heldReports} held` : ''}`;

/** The held burst of a code (issue #18): what is held, that the figures shown are the last stable ones, and the accept. */
export function HeldReports({ record }: { record: AdminDiscountDto }) {
  const dataProvider = useDataProvider<ProofDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record.heldReports) return null;
  const accept = async () => {
    setBusy(true);
    try {
      await dataProvider.acceptHeldReports(record.id);
      notify('Held reports accepted: they count now.', { type: 'success' });
      refresh();
    } catch (e) {
      notify(`Failed to accept the reports: ${errorMessage(e)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert severity="warning" sx={{ my: 1 }} data-testid="held-reports"
      action={<Button color="inherit" size="small" disabled={busy} onClick={accept}>Accept and count</Button>}>
      {record.heldReports} report{record.heldReports === 1 ? '' : 's'} held: a burst of answers on this code. Its success rate
      stays at the last stable figure until you accept them.
    </Alert>
  );
}

/** One click on a row: a 'worked' check now, by the signed-in admin. */
export function VerifiedTodayButton() {
  const record = useRecordContext<AdminDiscountDto>();
  const dataProvider = useDataProvider<ProofDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const click = async () => {
    setBusy(true);
    try {
      await dataProvider.recordChecks([record.id]);
      notify(`“${record.title}” verified today.`, { type: 'success' });
      refresh();
    } catch (e) {
      notify(`Failed to record the check: ${errorMessage(e)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title="Worked today">
      <span>
        <IconButton size="small" color="success" disabled={busy} onClick={click} aria-label={`Worked today: ${record.title}`}>
          <VerifiedIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Bulk action: a 'worked' check of every selected code, after one confirmation. */
export function BulkVerifyButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<ProofDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const count = selectedIds.length;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.recordChecks(selectedIds);
      notify(`${plural(count)} verified today.`, { type: 'success' });
      onUnselectItems();
      refresh();
    } catch (e) {
      notify(`Failed to record the checks: ${errorMessage(e)}`, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>Mark worked today</Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`Mark ${plural(count)} as worked today?`}
        content={`A 'worked' check is recorded for each of the ${plural(count)} you selected, in your name, now.`}
        confirm="Record checks"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function CheckLog() {
  const { data, isPending, error } = useListContext<DiscountCheckDto>();
  if (isPending) return <Typography color="text.secondary">Loading the log…</Typography>;
  if (error) return <Alert severity="error">Could not load the log: {errorMessage(error)}</Alert>;
  if (!data?.length) return <Typography color="text.secondary">No checks yet.</Typography>;
  return (
    <Table size="small" aria-label="Verification log">
      <TableHead>
        <TableRow><TableCell>When</TableCell><TableCell>Result</TableCell><TableCell sx={wide}>By</TableCell><TableCell sx={wide}>Price seen</TableCell><TableCell>Note</TableCell></TableRow>
      </TableHead>
      <TableBody>
        {data.map((c) => (
          <TableRow key={c.id} data-testid="check-row">
            <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{new Date(c.checkedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</TableCell>
            <TableCell><Chip size="small" color={c.result === 'worked' ? 'success' : 'error'} label={c.result} /></TableCell>
            <TableCell sx={wide}>{c.checkedBy?.name ?? '—'}</TableCell>
            <TableCell sx={wide}>{c.priceSeen === null ? '—' : `$${c.priceSeen.toFixed(2)}`}</TableCell>
            <TableCell>
              {c.note}
              {c.screenshotUrl && <> <a href={c.screenshotUrl} target="_blank" rel="noreferrer">screenshot</a></>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ReportsOverTime({ id }: { id: number }) {
  const dataProvider = useDataProvider<ProofDataProvider>();
  const { data, isPending } = useQuery({ queryKey: ['discountReports', id], queryFn: () => dataProvider.discountReports(id).then((r) => r.data) });
  if (isPending) return null;
  if (!data?.length) return <Typography color="text.secondary">No visitor reports in the last 30 days.</Typography>;
  const max = Math.max(...data.map((d) => d.worked + d.failed));
  return (
    <Box role="table" aria-label="Visitor reports per day">
      {data.map((d) => (
        <Box role="row" key={d.day} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 13 }}>
          <Box role="cell" sx={{ width: 90 }}>{d.day}</Box>
          <Box role="cell" sx={{ flex: 1, display: 'flex', height: 10 }}>
            <Box sx={{ width: `${(d.worked / max) * 100}%`, bgcolor: 'success.main' }} />
            <Box sx={{ width: `${(d.failed / max) * 100}%`, bgcolor: 'error.main' }} />
          </Box>
          <Box role="cell" sx={{ width: 110, textAlign: 'right' }}>{d.worked} yes · {d.failed} no</Box>
        </Box>
      ))}
    </Box>
  );
}

/** Who checked and the price they saw: beside the dialog's width on a phone (it scrolled sideways, 526 in 390 px). */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Records one check with a result other than the one-click 'worked': failed or expired, with a note. */
function RecordCheck({ id }: { id: number }) {
  const dataProvider = useDataProvider<ProofDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [result, setResult] = useState<CheckResult>('worked');
  const [note, setNote] = useState('');
  const [program, setProgram] = useState('');
  const [size, setSize] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const sizeTested = size.trim() === '' ? undefined : Number(size.replace(/[\s,$]/g, ''));
    if (sizeTested !== undefined && !(Number.isInteger(sizeTested) && sizeTested >= 1)) return notify(PROOF_MSG.sizeInvalid, { type: 'error' });
    setBusy(true);
    try {
      await dataProvider.recordChecks([id], { result, note: note.trim(), program: program.trim(), size: sizeTested });
      notify('Check recorded.', { type: 'success' });
      setNote('');
      setProgram('');
      setSize('');
      refresh();
    } catch (e) {
      notify(`Failed to record the check: ${errorMessage(e)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: '130px 1fr 120px 1fr auto' } }}>
      <TextField select size="small" label="Result" value={result} onChange={(e) => setResult(e.target.value as CheckResult)}>
        {CHECK_RESULTS.map((r) => <MenuItem key={r} value={r}>{r}</MenuItem>)}
      </TextField>
      {/* What was tested: the code's public record says "checked on <program> <size>". */}
      <TextField size="small" label="Program tested" value={program} onChange={(e) => setProgram(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
      <TextField size="small" label="Size ($)" value={size} onChange={(e) => setSize(e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <TextField size="small" label="Note" value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 2000 } }} />
      <Button variant="outlined" disabled={busy} onClick={save} sx={{ whiteSpace: 'nowrap' }}>Record check</Button>
    </Box>
  );
}

/** Under the discount's form: its proof — the check log (newest first), a new check, and visitors' reports per day. */
export function DiscountProof() {
  const record = useRecordContext<AdminDiscountDto>();
  if (!record) return null;
  const texts = proofTexts(record, new Date());
  return (
    <Box sx={{ mt: 3 }} data-testid="discount-proof">
      <Typography variant="h6" component="h3" gutterBottom>Verification</Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {texts.verified}{texts.success ? ` · ${texts.success}` : ` · ${record.reportsCount} reports in 30 days`}
        {texts.notWorking ? ' · Reported not working' : ''}
      </Typography>
      <HeldReports record={record} />
      <RecordCheck id={Number(record.id)} />
      <Box sx={{ mt: 2 }}>
        <ReferenceManyField reference="discount-checks" target="discountId" sort={{ field: 'checkedAt', order: 'DESC' }} perPage={20}>
          <CheckLog />
        </ReferenceManyField>
      </Box>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>Visitor reports, last 30 days</Typography>
      <ReportsOverTime id={Number(record.id)} />
    </Box>
  );
}

