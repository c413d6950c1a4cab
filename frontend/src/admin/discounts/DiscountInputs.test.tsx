import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { CoreAdminContext, Form, testDataProvider } from 'react-admin';
import { MSG } from '../../../../common/messages.js';
import { DiscountInputs } from './DiscountInputs.js';
import { recordToPayload } from './discount-form.js';

const companies = [{ id: 3, name: 'FTMO' }];
const dataProvider = testDataProvider({
  getList: async () => ({ data: companies, total: companies.length }) as never,
  getMany: async () => ({ data: companies }) as never,
});

function renderForm(record: Record<string, unknown>) {
  const onSubmit = jest.fn();
  render(
    <CoreAdminContext dataProvider={dataProvider}>
      <Form record={record} onSubmit={onSubmit} mode="onBlur">
        <DiscountInputs onUploading={() => {}} />
        <button type="submit">Save</button>
      </Form>
    </CoreAdminContext>,
  );
  return onSubmit;
}

describe('DiscountInputs', () => {
  // docs/spec.md §9: the Valid Until input is in the browser's local time, whatever zone the test runs in
  // (the browser journey runs in New York, where the offset shows).
  it('shows a stored instant in local time and sends the local time back as an ISO instant', async () => {
    const onSubmit = renderForm({ id: 1, title: 'Winter', companyId: 3, status: 'active', validUntil: new Date(2031, 0, 15, 14, 30).toISOString() });
    const validUntil = document.querySelector<HTMLInputElement>('#discount-valid-until')!;
    expect(validUntil.value).toBe('2031-01-15T14:30');
    fireEvent.change(validUntil, { target: { value: '2031-07-01T09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const values = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    const july = new Date(2031, 6, 1, 9, 0).toISOString();
    expect(values.validUntil).toBe(july);
    expect(recordToPayload(values)).toMatchObject({ title: 'Winter', companyId: 3, validUntil: july });
  });

  it('checks the fields on blur with docs/spec.md §5 messages and does not submit', async () => {
    const onSubmit = renderForm({ status: 'active' });
    const title = document.querySelector<HTMLInputElement>('#discount-title')!;
    fireEvent.focus(title);
    fireEvent.blur(title);
    expect(await screen.findByText(MSG.titleRequired)).toBeTruthy();
    const percentage = document.querySelector<HTMLInputElement>('#discount-percentage')!;
    await userEvent.type(percentage, '150');
    fireEvent.blur(percentage);
    expect(await screen.findByText(MSG.discountPercentageRange)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // No title, no company, a percentage out of range: nothing is sent.
    await new Promise((r) => setTimeout(r, 50));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('recordToPayload', () => {
  it('sends the docs/spec.md §7 fields, trimmed, with blanks as null', () => {
    expect(
      recordToPayload({ title: '  Deal ', companyId: 3, status: 'expired', description: '', discountCode: ' CODE ', affiliateLink: '', discountPercentage: 0, validUntil: null, mediaUrl: '' }),
    ).toEqual({
      title: 'Deal', companyId: 3, status: 'expired', description: null, discountCode: 'CODE', affiliateLink: null, discountPercentage: 0, validUntil: null, mediaUrl: null,
      eligiblePrograms: [], eligibleSizes: [], minPrice: null, newAccountsOnly: false, appliesToResets: false, stacks: false,
    });
  });

  it('sends an untouched Valid Until back as stored, seconds included, and the fine print as it is (issue #18)', () => {
    const stored = '2026-12-31T23:59:45.000Z';
    expect(recordToPayload({ title: 'Deal', companyId: 3, status: 'active', validUntil: stored, eligiblePrograms: ['Trading Combine'], eligibleSizes: [50000], minPrice: 40, newAccountsOnly: true }))
      .toMatchObject({ validUntil: stored, eligiblePrograms: ['Trading Combine'], eligibleSizes: [50000], minPrice: 40, newAccountsOnly: true, appliesToResets: false, stacks: false });
  });
});
