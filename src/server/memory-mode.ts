import v8 from 'node:v8';

/**
 * Imported first by main.ts, before the rest of the server is loaded: V8's
 * memory-saving mode (docs/decisions/0018-v8-optimize-for-size.md). A small shop's server is mostly idle and
 * its target is ≤ 150 MiB; by default V8 grows its heap and keeps optimised-code
 * memory generously after bursts of work. Measured on 1,000,000 sales, 40 calls
 * of /api/reports/monthly-margin: RSS 164–171 MiB after them by default,
 * 112–127 MiB (peak 137) with this flag, at ~10 % more time for that route.
 * It also costs write throughput (P1 on SQLite: 0.42–0.55× of the raw driver
 * with it, 0.52–0.69× without; docs/performance.md): hundreds of sales a second
 * are far beyond a shop's needs, a small host's memory is not.
 * Set here rather than on the command line because every launcher (npm start,
 * the tests, the bench) runs dist/server/main.js with plain `node`, and
 * NODE_OPTIONS refuses this flag.
 */
v8.setFlagsFromString('--optimize-for-size');
