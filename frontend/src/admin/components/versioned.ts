/**
 * Saves carry the version the form was loaded at (issue #20): the server answers 409 instead of overwriting a
 * newer save. react-admin hands `transform` the record being edited as `previousData`; a create has none.
 */
export function withVersion<T, P extends object>(toPayload: (data: T) => P) {
  return (data: T, options?: { previousData?: { version?: unknown } }): P & { version?: number } => {
    const version = options?.previousData?.version;
    return typeof version === 'number' ? { ...toPayload(data), version } : toPayload(data);
  };
}

/** A 409 from a save: someone else saved first. */
export function isEditConflict(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 409;
}
