// The SDK's types are generated from the gateway's /v1/openapi.json, never hand-written, by the
// same generator as the console's (tools/console-types.js), which owns every document's types:
// the public document's are written here once, and the console imports them from this file.
//   node libs/sdk/scripts/generate-types.js          build dist/, then write libs/sdk/src/generated/openapi.ts
//   node libs/sdk/scripts/generate-types.js --check  exit 1 when the file differs from what would be written
//   --no-build                                       use dist/ as it is
const path = require('node:path');

const root = path.resolve(__dirname, '../../..');
const { generate } = require(path.join(root, 'tools/console-types.js'));

generate({ names: ['public'], check: process.argv.includes('--check'), build: !process.argv.includes('--no-build') }).then(
  (stale) => process.exit(stale ? 1 : 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
