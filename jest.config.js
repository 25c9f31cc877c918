/** One Jest run for the whole repo: unit (*.spec.ts), integration (*.int.ts) and end-to-end (test/**). */

const { swcConfig } = require('./tools/swc-config');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/bench', '<rootDir>/libs', '<rootDir>/soak', '<rootDir>/test', '<rootDir>/tools'],
  testMatch: ['**/*.spec.ts', '**/*.int.ts', '**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { ...swcConfig(), swcrc: false }],
    // jose ships ES modules only, and the A2A SDK's CommonJS build requires it: Node runs that
    // natively, Jest's module runtime does not, so Jest compiles jose to CommonJS like our own code.
    '/node_modules/jose/.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' }, swcrc: false }],
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  testSequencer: '<rootDir>/test/support/stack-sequencer.js',
  reporters: ['default', '<rootDir>/tools/jest-summary-reporter.js'],
  // Room for a beforeAll that boots the services on a loaded 2-core host (test/support/service-harness.ts).
  testTimeout: 120000,
  maxWorkers: 2,
};
