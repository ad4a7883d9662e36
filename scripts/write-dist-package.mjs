// The last step of `npm run build:server`: dist/package.json, so the compiled
// server resolves its own '#server/…' and '#shared/…' inside dist/.
// The root package.json maps them to the TypeScript sources in src/ for every
// tool (docs/decisions/0036-plain-subpath-imports.md); Node reads the "imports"
// of the package.json nearest to the importing file, which for
// dist/server/main.js is this one. A copy of dist/ (the bench's app folders)
// carries it along.
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const distPackage = {
  private: true,
  type: 'module',
  imports: {
    '#server/*': './server/*',
    '#shared/*': './shared/*',
  },
};
fs.writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify(distPackage, null, 2)}\n`);
