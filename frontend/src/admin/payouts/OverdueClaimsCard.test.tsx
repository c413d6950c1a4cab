import { render, screen } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { CoreAdminContext, testDataProvider, type GetListParams } from 'react-admin';
import { OverdueClaimsCard } from './OverdueClaimsCard.js';

/** A data provider that answers the overdue filter with `total` claims, and records what it was asked. */
function provider(total: number, asked: GetListParams[]) {
  return testDataProvider({
    getList: async (resource: string, params: GetListParams) => {
      asked.push({ ...params, meta: { resource } });
      return { data: total ? [{ id: 1 }] : [], total } as never;
    },
  });
}

describe('OverdueClaimsCard', () => {
  it('flags the claims without a decision after 14 days and links to the board filtered to them', async () => {
    const asked: GetListParams[] = [];
    render(<CoreAdminContext dataProvider={provider(3, asked)}><OverdueClaimsCard /></CoreAdminContext>);
    expect(await screen.findByText('3 payout claims without a decision after 14 days')).toBeTruthy();
    expect(asked[0]).toMatchObject({ filter: { overdue: true }, pagination: { page: 1, perPage: 1 }, meta: { resource: 'payout-claims' } });
    const link = screen.getByRole('link');
    // The test context routes by hash (#/admin/…); the admin's own router by path.
    expect(decodeURIComponent(link.getAttribute('href')!)).toMatch(/^#?\/admin\/payout-claims\?filter=\{"overdue":true\}$/);
  });

  it('says so when no claim waits', async () => {
    render(<CoreAdminContext dataProvider={provider(0, [])}><OverdueClaimsCard /></CoreAdminContext>);
    expect(await screen.findByText('No payout claim is waiting more than 14 days')).toBeTruthy();
  });
});
