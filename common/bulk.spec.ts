import { bulkConfirmTitle, bulkDoneMessage, selectionLabel } from './bulk.js';

describe('bulk action texts (issue #18)', () => {
  it('names the count in the confirmation, with thousands separators and the plural', () => {
    expect(bulkConfirmTitle('publish', 1200, 'post')).toBe('Publish 1,200 posts?');
    expect(bulkConfirmTitle('delete', 1, 'post')).toBe('Delete 1 post?');
    expect(bulkConfirmTitle('unpublish', 3, 'post')).toBe('Unpublish 3 posts?');
    expect(bulkConfirmTitle('unsubscribe', 25_000, 'subscriber')).toBe('Unsubscribe 25,000 subscribers?');
    expect(bulkConfirmTitle('expire', 2, 'discount')).toBe('Set to Expired: 2 discounts?');
    expect(bulkConfirmTitle('delete', 1200, 'company')).toBe('Delete 1,200 companies?');
    expect(bulkConfirmTitle('approve', 2, 'payout report')).toBe('Approve 2 payout reports?');
  });

  it('says what was done, counted by the server', () => {
    expect(bulkDoneMessage('publish', 1200, 'post')).toBe('1,200 posts published.');
    expect(bulkDoneMessage('unpublish', 1, 'post')).toBe('1 post set to draft.');
    expect(bulkDoneMessage('delete', 0, 'post')).toBe('0 posts deleted.');
    expect(bulkDoneMessage('expire', 2, 'discount')).toBe('2 discounts set to Expired.');
    expect(bulkDoneMessage('delete', 1, 'company')).toBe('1 company deleted.');
    expect(bulkDoneMessage('approve', 3, 'payout report')).toBe('3 payout reports approved.');
  });

  it('tells ticked rows from every record of the filter', () => {
    expect(selectionLabel(25, 'post', false)).toBe('25 posts selected');
    expect(selectionLabel(1200, 'post', true)).toBe('All 1,200 posts matching the filter selected');
    expect(selectionLabel(30, 'company', true)).toBe('All 30 companies matching the filter selected');
  });
});
