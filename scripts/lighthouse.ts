import { type LighthouseResult, runLighthouse, sessionCookie } from '#support/lighthouse.js';
import { startServer } from '#support/start-server.js';

/**
 * `npm run lighthouse` (after `npm run build`; the npm script builds first):
 * Lighthouse (mobile, default throttling) on the login screen, home,
 * /cafe-verde and /reportes of the built server. Targets (issue 16):
 * performance ≥ 95, ≥ 90 on /reportes. Exits 1 below target.
 */
const screens: { name: string; path: string; signedIn: boolean; target: number }[] = [
  { name: 'login', path: '/', signedIn: false, target: 95 },
  { name: 'inicio', path: '/', signedIn: true, target: 95 },
  { name: 'cafe-verde', path: '/cafe-verde', signedIn: true, target: 95 },
  { name: 'reportes', path: '/reportes', signedIn: true, target: 90 },
];

const server = await startServer();
const results: (LighthouseResult & { name: string; target: number })[] = [];
try {
  const cookie = await sessionCookie(server.url, server.adminUsername, server.adminPassword);
  for (const screen of screens) {
    const result = await runLighthouse(`${server.url}${screen.path}`, screen.signedIn ? { cookie } : {});
    results.push({ ...result, name: screen.name, target: screen.target });
    const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
    console.log(
      `${screen.name.padEnd(11)} rendimiento ${String(result.performance).padStart(3)} (objetivo ${screen.target})  accesibilidad ${result.accessibility}  buenas prácticas ${result.bestPractices}  ` +
        `FCP ${ms(result.firstContentfulPaintMs)}  LCP ${ms(result.largestContentfulPaintMs)}  TBT ${Math.round(result.totalBlockingTimeMs)} ms  CLS ${result.cumulativeLayoutShift.toFixed(3)}  SI ${ms(result.speedIndexMs)}  benchmarkIndex ${Math.round(result.benchmarkIndex)}`,
    );
    for (const finding of result.findings) console.log(`    · ${finding}`);
  }
} finally {
  await server.stop();
}
const below = results.filter((result) => result.performance < result.target);
if (below.length > 0) {
  console.error(`lighthouse: por debajo del objetivo: ${below.map((result) => `${result.name} ${result.performance} < ${result.target}`).join(', ')}`);
  process.exit(1);
}
console.log('lighthouse OK');
