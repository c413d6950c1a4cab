// Jest runs TypeScript through SWC with decorator metadata (NestJS DI needs it) as native ESM.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const base = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.tsx?$': swc },
  testEnvironment: 'node',
};

export default {
  // Per-project testTimeout is ignored by Jest; the API suites start real databases.
  testTimeout: 60_000,
  // Suites run in a worker that is replaced once it holds more than this after a suite: run in band (jest's choice
  // on 2 cores), ~180 suites grew one heap past 4 GB and the run slowed to a crawl in garbage collection.
  workerIdleMemoryLimit: '1GB',
  reporters: process.env.CI ? ['default', ['summary', {}]] : ['default'],
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/common/**/*.spec.ts', '<rootDir>/backend/src/**/*.spec.ts'],
    },
    {
      ...base,
      displayName: 'api',
      testMatch: ['<rootDir>/backend/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/backend/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/backend/test/support/global-teardown.mjs',
    },
    {
      // Front-end components in a simulated DOM (Testing Library); the real server is the browser suite's job.
      ...base,
      displayName: 'frontend',
      testMatch: ['<rootDir>/frontend/**/*.test.tsx'],
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/frontend/jest.setup.ts'],
    },
  ],
};
