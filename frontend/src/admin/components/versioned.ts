/**
 * Saves carry the version the form was loaded at (issue #20): the server answers 409 instead of overwriting a
 * newer save. react-admin hands `transform` the record being edited as `previousData`; a create has none.
 */
export function withVersion<T, P extends object, O extends { previousData?: { version?: unknown } } = { previousData?: { version?: unknown } }>(
  toPayload: (data: T, options?: O) => P,
) {
  return (data: T, options?: O): P & { version?: number } => {
    const version = options?.previousData?.version;
    const payload = toPayload(data, options);
    return typeof version === 'number' ? { ...payload, version } : payload;
  };
}

/** A 409 from a save: someone else saved first. */
export function isEditConflict(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 409;
}
