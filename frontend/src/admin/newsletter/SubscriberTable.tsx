import { Box, Chip, MenuItem, Skeleton, Table, TableBody, TableCell, TableRow, Typography, useMediaQuery } from '@mui/material';
import { format } from 'date-fns';
import { Fragment } from 'react';
import { useListContext, useNotify, useRecordContext, useUpdate, DataTable, SortButton } from 'react-admin';
import type { NewsletterSubscriberDto } from '../../../../common/api-types.js';
import { ADMIN_NEWSLETTER as T } from '../../../../common/messages.js';
import { errorMessage } from '../components/errors.js';
import { newsletterSourceLabel } from '../../../../common/newsletter.js';
import { MatchingBulkToolbar, ServerBulkButton, ServerBulkExportButton } from '../components/ServerBulk.js';
import { CompactList } from '../components/CompactList.js';
import { RecordMenu } from '../components/RecordMenu.js';

type Subscriber = NewsletterSubscriberDto;
const Col = DataTable.Col<Subscriber>;

/**
 * Break points before '@' and each '.', and after each '-' (where browsers break anyway), so a long address wraps
 * between its parts, never inside one (the compact list has no room to scroll).
 */
export function Email({ email }: { email: string }) {
  const parts = email.split(/(?=[.@])|(?<=-)/);
  return <>{parts.map((part, i) => <Fragment key={i}>{i > 0 && <wbr />}{part}</Fragment>)}</>;
}

const date = (s: Subscriber) => <time dateTime={s.subscribedAt}>{format(new Date(s.subscribedAt), 'MMM d, yyyy')}</time>;

function StatusChip() {
  const s = useRecordContext<Subscriber>();
  if (!s) return null;
  const on = s.status === 'subscribed';
  return <Chip size="small" label={T.statusLabel[s.status]} color={on ? 'success' : 'default'} variant={on ? 'filled' : 'outlined'} />;
}

/** Double opt-in (issue #16): Confirmed / Unconfirmed, and Bounced when a mail server refused the address. */
function ConfirmedChip() {
  const s = useRecordContext<Subscriber>();
  if (!s) return null;
  if (s.bouncedAt) return <Chip size="small" label="Bounced" color="error" variant="outlined" />;
  return s.confirmedAt ? <Chip size="small" label="Confirmed" color="info" variant="outlined" /> : <Chip size="small" label="Unconfirmed" variant="outlined" />;
}

/** Mark as (un)subscribed and Delete with its confirmation; the toasts are ours (SPEC words none for subscribers). */
function SubscriberMenu() {
  const s = useRecordContext<Subscriber>();
  const notify = useNotify();
  const [update] = useUpdate<Subscriber>('newsletter-subscribers');
  if (!s) return null;
  const next = s.status === 'subscribed' ? 'unsubscribed' : 'subscribed';
  const toggle = () =>
    update(
      'newsletter-subscribers',
      { id: s.id, data: { status: next }, previousData: s },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(T.updated(s.email, next), { type: 'success' }),
        onError: (e) => notify(T.updateFailed(errorMessage(e)), { type: 'error' }),
      },
    );
  return (
    <RecordMenu
      name={(r) => (r as Subscriber).email}
      deleteTitle={T.deleteTitle}
      deleted={T.deleted}
      deleteFailed={T.deleteFailed}
      items={(close) => (
        <MenuItem onClick={() => { close(); toggle(); }}>{next === 'unsubscribed' ? T.markUnsubscribed : T.markSubscribed}</MenuItem>
      )}
    />
  );
}

/**
 * Applied by the server in one request to the ticked subscribers or, after "Select all N subscribers", to every
 * subscriber of the filter (issue #18); each asks first, naming the count.
 */
const bulkActions = (
  <>
    <ServerBulkButton action="unsubscribe" label="Unsubscribe" noun="subscriber" content="They get no more newsletters; their signup date stays." />
    <ServerBulkButton action="resubscribe" label="Resubscribe" noun="subscriber" content="Their status becomes Subscribed again; their signup date stays." />
    <ServerBulkExportButton path="/_api/admin/newsletter-subscribers/export.csv" />
    <ServerBulkButton action="delete" label="Delete" noun="subscriber" color="error" content="This action cannot be undone." />
  </>
);
const bulkToolbar = <MatchingBulkToolbar noun="subscriber">{bulkActions}</MatchingBulkToolbar>;

/** The subscriber table (sortable Email, Subscribed Date, Status; Source), or at ≤ 768 px a compact list. */
export function SubscriberTable() {
  const { isPending, data } = useListContext<Subscriber>();
  const compact = useMediaQuery('(max-width: 768px)');
  if (isPending) {
    return (
      <Table aria-busy="true" aria-label={T.title}>
        <TableBody>
          {Array.from({ length: 5 }, (_, i) => (
            <TableRow key={i}>{Array.from({ length: 4 }, (__, j) => <TableCell key={j}><Skeleton /></TableCell>)}</TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  if (!data?.length) return <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{T.empty}</Typography>;
  if (compact) {
    return (
      <CompactList
        rowTestId="subscriber-row"
        name={(r) => (r as Subscriber).email}
        primary={(r) => <Box component="span" data-testid="subscriber-email"><Email email={(r as Subscriber).email} /></Box>}
        secondary={(r) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
            {date(r as Subscriber)}
            <span>{newsletterSourceLabel((r as Subscriber).source)}</span>
            <StatusChip />
            <ConfirmedChip />
          </Box>
        )}
        actions={<SubscriberMenu />}
        bulkActionButtons={bulkActions}
        sort={<SortButton fields={['subscribedAt', 'email', 'status']} />}
      />
    );
  }
  return (
    <DataTable rowClick={false} bulkActionButtons={bulkActions} bulkActionsToolbar={bulkToolbar} sx={{ '& tbody tr': { height: 52 } }}>
      <Col source="email" label={T.columnEmail} render={(s) => <span data-testid="subscriber-email"><Email email={s.email} /></span>} />
      <Col source="subscribedAt" label={T.columnSubscribedAt} render={date} sortByOrder="DESC" sx={{ whiteSpace: 'nowrap' }} />
      <Col source="status" label={T.columnStatus}><StatusChip /></Col>
      <Col source="confirmedAt" label="Confirmed" disableSort><ConfirmedChip /></Col>
      <Col source="source" label={T.columnSource} disableSort render={(s) => newsletterSourceLabel(s.source)} />
      <Col label={T.columnActions} disableSort align="right"><SubscriberMenu /></Col>
    </DataTable>
  );
}
