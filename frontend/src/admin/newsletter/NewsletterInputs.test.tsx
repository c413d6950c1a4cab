import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { CoreAdminContext, Form, testDataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ADMIN_NEWSLETTER as T } from '../../../../common/messages.js';
import { exportHref, StatusFilterInput } from './NewsletterInputs.js';
import { Email } from './SubscriberTable.js';

function Shown() {
  return <output data-testid="status">{JSON.stringify(useWatch({ name: 'status' }))}</output>;
}

describe('StatusFilterInput', () => {
  it('is the status filter: All clears it, the others set it, the pressed button says which', async () => {
    render(
      <CoreAdminContext dataProvider={testDataProvider()}>
        <Form record={{ status: 'unsubscribed' }}>
          <StatusFilterInput source="status" />
          <Shown />
        </Form>
      </CoreAdminContext>,
    );
    const pressed = () => screen.getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent);
    expect(pressed()).toEqual([T.filterUnsubscribed]);
    await userEvent.click(screen.getByRole('button', { name: T.filterSubscribed }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('"subscribed"'));
    expect(pressed()).toEqual([T.filterSubscribed]);
    await userEvent.click(screen.getByRole('button', { name: T.filterAll }));
    // Empty (react-admin parses '' to null), which its filter form drops: All means no status filter in the address.
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('null'));
    expect(pressed()).toEqual([T.filterAll]);
  });
});

describe('exportHref', () => {
  it('streams the export of the current search and status, and nothing else', () => {
    expect(exportHref({})).toBe('/_api/admin/newsletter-subscribers/export.csv');
    expect(exportHref({ q: '  walker ', status: 'unsubscribed' })).toBe('/_api/admin/newsletter-subscribers/export.csv?q=walker&status=unsubscribed');
    expect(exportHref({ q: ' ', status: '' })).toBe('/_api/admin/newsletter-subscribers/export.csv');
  });
});

describe('Email', () => {
  it('offers line breaks only between the parts of an address', () => {
    const { container } = render(<Email email="ann.lee-smith@mail.example.com" />);
    expect(container.textContent).toBe('ann.lee-smith@mail.example.com');
    const parts = [...container.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent);
    expect(parts).toEqual(['ann', '.lee-', 'smith', '@mail', '.example', '.com']);
    expect(container.querySelectorAll('wbr')).toHaveLength(5);
  });
});
