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
    module: { type: 'commonjs' },
    sourceMaps: true,
  };
}

module.exports = { root, swcConfig };
