/** Input the simulator cannot use; the message says what to change (the API answers it as a 400). */
export class SimulatorInputError extends Error {
  override readonly name = 'SimulatorInputError';

  constructor(
    message: string,
    /** 1-based line of the CSV that could not be read, when the input was a CSV. */
    readonly line?: number,
  ) {
    super(message);
  }
}
