// Stops what this run left running for its test files to share, then drops what global-setup.js made.
module.exports = async () => {
  globalThis.opsServer?.kill('SIGTERM');
  const { tearDownRunStacks } = require('../../dist/test/support/stack-registry');
  await tearDownRunStacks();
  await globalThis.templateDatabase?.drop();
};
