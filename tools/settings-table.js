// `npm run settings:table`: the README's settings table is generated from the settings catalogue
// (libs/platform/src/config/settings-catalogue.ts), never edited by hand. It replaces what lies
// between the two markers below in README.md.
//   node tools/settings-table.js          build dist/, then write README.md
//   node tools/settings-table.js --check  exit 1 when README.md differs from what would be written
//   --no-build                            use dist/ as it is (already built)
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { root } = require('./swc-config');

const README = path.join(root, 'README.md');
const START = '<!-- settings:start -->';
const END = '<!-- settings:end -->';

/** The text between the markers (without the blank lines around it), or null when a marker is missing. */
function settingsSection(readme) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return null;
  return readme.slice(start + START.length, end).trim();
}

/** README text with the section between the markers replaced by `table`. */
function withSettingsSection(readme, table) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md needs ${START} and ${END} around the settings table`);
  return `${readme.slice(0, start + START.length)}\n\n${table}\n\n${readme.slice(end)}`;
}

function main() {
  const check = process.argv.includes('--check');
  if (!process.argv.includes('--no-build')) execFileSync(process.execPath, [path.join(root, 'tools/build.js')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const { renderSettingsTable } = require(path.join(root, 'dist/libs/platform/src/config/settings-catalogue.js'));
  const current = fs.readFileSync(README, 'utf8');
  const next = withSettingsSection(current, renderSettingsTable());
  if (current === next) return;
  if (check) {
    process.stderr.write('settings:table: the settings table in README.md is out of date: run npm run settings:table\n');
    process.exit(1);
  }
  fs.writeFileSync(README, next);
  process.stdout.write('wrote the settings table into README.md\n');
}

module.exports = { START, END, settingsSection, withSettingsSection };

if (require.main === module) main();
