// End-to-end tests drive Debian's Chromium (never a browser a tool downloads).
// Installs it with apt-get when it is missing and we are root; otherwise says how.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`No se encuentra Chromium en ${CHROMIUM}. Instálalo con: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Instalando Chromium de Debian (apt-get install -y chromium)...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}
