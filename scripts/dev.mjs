// `npm run dev`: the API with reload on :3000 and Vite with HMR on :5173 (it proxies /api).
// Developer tools on, as with `npm start` (docs/decisions.md §29.8).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/server.ts', '--dev-tools'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@rankmaps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => { if (code) { stop(); process.exit(code); } }));
