/** The words of /simulator's head and page (issue #28), apart from the engine so every page head can read them cheaply. */
export const SIMULATOR_TEXT = {
  title: 'Will I Pass? Prop Firm Challenge Simulator',
  heading: 'Will I pass? The challenge simulator',
  description:
    'Run your own trading results against every prop firm challenge we list: your chance to pass, why you would fail, and what getting funded would cost with our codes.',
  private: 'Your results never leave your browser: the simulation runs on your device.',
  noScript: 'With JavaScript off, your results are sent to our server, simulated and forgotten: nothing is stored.',
} as const;

export const SIMULATOR_PATH = '/simulator';
/** A firm profile's "or compute it from your results" link: the simulator with that firm's programs marked. */
export const simulatorPathFor = (firmSlug: string) => `${SIMULATOR_PATH}?firm=${encodeURIComponent(firmSlug)}`;
