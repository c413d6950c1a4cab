/** The words of the code pages' heads (issue #30), apart from the rules so every page head can read them cheaply. */
export const HOW_WE_TEST_TEXT = {
  title: 'How We Test Discount Codes',
  heading: 'How we test discount codes',
  description: 'Where our prop firm codes come from, how and how often we check them at checkout, how visitors\' answers are counted, and when a code is demoted.',
} as const;

export const EXPIRED_TEXT = {
  title: 'Expired Prop Firm Discount Codes',
  heading: 'Expired and withdrawn codes',
  description: 'Every prop firm code that has ended, with when it ended, what it gave and its final record. None of these codes works any more.',
} as const;
