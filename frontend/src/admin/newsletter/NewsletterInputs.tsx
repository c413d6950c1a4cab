import { Button, ButtonGroup } from '@mui/material';
import { useInput, type InputProps } from 'react-admin';
import type { SubscriberStatus } from '../../../../common/enums.js';
import { ADMIN_NEWSLETTER as T } from '../../../../common/messages.js';

const FILTERS: Array<{ value: SubscriberStatus | ''; label: string }> = [
  { value: '', label: T.filterAll },
  { value: 'subscribed', label: T.filterSubscribed },
  { value: 'unsubscribed', label: T.filterUnsubscribed },
];

/**
 * docs/spec.md §2's All / Subscribed / Unsubscribed buttons as a react-admin filter input: its value is the list's
 * `status` filter ('' for All, which the filter form drops), so it lives in the address like any filter.
 */
export function StatusFilterInput({ source }: InputProps) {
  const { field } = useInput({ source, defaultValue: '' });
  const current = (field.value as string | undefined) ?? '';
  return (
    <ButtonGroup role="group" aria-label="Filter by status" sx={{ mb: 0.5, '& .MuiButton-root': { textTransform: 'none' } }}>
      {FILTERS.map((f) => (
        <Button key={f.label} variant={current === f.value ? 'contained' : 'outlined'} aria-pressed={current === f.value} onClick={() => field.onChange(f.value)}>
          {f.label}
        </Button>
      ))}
    </ButtonGroup>
  );
}

const CONFIRMED: Array<{ value: '' | 'true' | 'false'; label: string }> = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Confirmed' },
  { value: 'false', label: 'Unconfirmed' },
];

/** Double opt-in (issue #16): the list's `confirmed` filter, as buttons beside the status ones. */
export function ConfirmedFilterInput({ source }: InputProps) {
  const { field } = useInput({ source, defaultValue: '' });
  const current = String(field.value ?? '');
  return (
    <ButtonGroup role="group" aria-label="Filter by confirmation" sx={{ mb: 0.5, '& .MuiButton-root': { textTransform: 'none' } }}>
      {CONFIRMED.map((f) => (
        <Button key={f.label} variant={current === f.value ? 'contained' : 'outlined'} aria-pressed={current === f.value} onClick={() => field.onChange(f.value)}>
          {f.label}
        </Button>
      ))}
    </ButtonGroup>
  );
}

/** Where a search/status filter goes in the streamed export (the server applies the same filter as the list). */
export function exportHref(filter: { q?: unknown; status?: unknown }): string {
  const params = new URLSearchParams();
  if (typeof filter.q === 'string' && filter.q.trim()) params.set('q', filter.q.trim());
  if (typeof filter.status === 'string' && filter.status) params.set('status', filter.status);
  const query = params.toString();
  return `/_api/admin/newsletter-subscribers/export.csv${query ? `?${query}` : ''}`;
}
