// `npm run dev`: the API with reload on change (tsx watch, port 3000) and Vite's
// dev server with hot reload on http://127.0.0.1:5173, which proxies /api to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, WEB_ROOT: 'dist/web-dev-none' } }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
