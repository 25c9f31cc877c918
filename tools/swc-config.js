// One swc configuration for the build and for Jest, with the @eh/* aliases taken from
// tsconfig.base.json so the two never drift apart.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function swcConfig() {
  const tsconfig = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
  return {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: root,
      paths: tsconfig.compilerOptions.paths,
    },
    // A package is required when a binding from it is first used, not when the importing file
    // loads: every service imports every context module, so each loaded the queue, mail, HTTP-client
    // and schema packages of all of them (2,331 modules for the relay, 1,679 now). Our own files stay
    // eager (swc leaves relative imports alone), so their load order and side effects are unchanged.
    module: { type: 'commonjs', lazy: true },
    sourceMaps: true,
  };
}

module.exports = { root, swcConfig };
