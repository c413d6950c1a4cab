/** Messages of the proof feature (issue #11); SPEC words none of them. Kept apart from messages.ts to keep merges easy. */
export const PROOF_MSG = {
  workedRequired: 'worked must be true or false',
  resultInvalid: 'Result must be worked, failed or expired',
  checkedAtInvalid: 'Checked at must be a date and time with a zone, e.g. 2026-11-22T10:00:00Z',
  checkedAtFuture: 'Checked at cannot be in the future',
  discountRequired: 'Discount is required',
  discountMissing: (id: number) => `Discount ${id} does not exist`,
  priceInvalid: 'Price seen must be a number from 0',
  sizeInvalid: 'Size must be a whole number of dollars from 1',
  idsRequired: 'Select at least one discount (ids: a list of discount ids)',
  idsTooMany: 'At most 500 discounts at once',
  tooManyReports: 'Too many reports. Please try again later.',
} as const;
