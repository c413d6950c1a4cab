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

// sanitize-html is CommonJS but require()s htmlparser2 and friends, which are ESM-only. Node >= 20.19
// loads them natively; Jest's module loader cannot (before Node 24.9), so they are compiled to CommonJS.
const ESM_ONLY_DEPS = ['htmlparser2', 'domhandler', 'domutils', 'domelementtype', 'dom-serializer', 'entities'];
const swcToCommonJs = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];

const base = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.tsx?$': swc,
    [`/node_modules/(${ESM_ONLY_DEPS.join('|')})/.+\\.js$`]: swcToCommonJs,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_DEPS.join('|')})/)`],
  testEnvironment: 'node',
};

export default {
  // Per-project testTimeout is ignored by Jest; the API suites start real databases.
  testTimeout: 60_000,
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
  ],
};
