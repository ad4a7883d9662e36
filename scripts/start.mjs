// `npm start`: builds the web app and the server when the build is missing or
// older than the sources, then runs the compiled server in this process.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const outputs = ['dist/server/main.js', 'dist/web/index.html'].map((p) => path.join(root, p));

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

// The build's own steps count as sources too: a changed page-frame script must rewrite the pages (docs/decisions/0034-page-frames.md).
const configFiles = ['package.json', 'tsconfig.json', 'tsconfig.server.json', 'vite.config.ts', 'scripts/write-page-frames.tsx', 'scripts/compress-web.ts', 'scripts/write-dist-package.mjs'].map(
  (p) => fs.statSync(path.join(root, p)).mtimeMs,
);
const sourcesTime = Math.max(newestSourceTime(path.join(root, 'src')), ...configFiles);
const built = fs.existsSync(stamp) && outputs.every((p) => fs.existsSync(p)) && fs.statSync(stamp).mtimeMs >= sourcesTime;

if (!built) {
  console.log('Compilando la aplicación (solo la primera vez o tras cambios)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

process.chdir(root);
await import(path.join(root, 'dist/server/main.js'));
