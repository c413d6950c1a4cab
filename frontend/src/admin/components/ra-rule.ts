import type { FieldRule } from '../../../../common/form-rules.js';

/**
 * A rule of common/ (true, or docs/spec.md §5's message, judged on the text an input shows) as a react-admin validator
 * (undefined, or the message): the admin forms validate with the shared rules themselves, so they and their
 * unit-tested rules share one wording.
 */
export const raRule =
  (rule: FieldRule) =>
  (value: unknown): string | undefined => {
    const verdict = rule(value == null ? '' : String(value));
    return verdict === true ? undefined : verdict;
  };
