import base from '../jest.config.js';

// The browser suite: the built site in Debian's Chromium. Run after `npm run build`.
const unit = base.projects[0];
export default {
  rootDir: '..',
  reporters: base.reporters,
  extensionsToTreatAsEsm: unit.extensionsToTreatAsEsm,
  moduleNameMapper: unit.moduleNameMapper,
  transform: unit.transform,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  testTimeout: 90_000,
  maxWorkers: 1,
  // A suite whose beforeAll fails halfway (its site did not start) never reaches the afterAll that would close
  // the browser it did launch; the run must still end and report, not wait on that Chromium forever.
  forceExit: true,
};
