import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

/**
 * One Lighthouse run (docs/decisions/0010-report-ranges-and-month-labels.md): the `lighthouse` package drives Debian's
 * Chromium with Lighthouse's defaults (mobile, simulated slow 4G and 4× CPU).
 * Shared by `npm run lighthouse` and the benchmark.
 */

export interface LighthouseResult {
  url: string;
  /** Category scores 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
  /** Lighthouse's CPU benchmark of this host (lower = slower or busier): scores are only comparable at similar values. */
  benchmarkIndex: number;
  /** Performance audits that did not pass, as "id: title (display value)". */
  findings: string[];
}

export interface LighthouseOptions {
  /** A `name=value` session cookie sent with every request (the app's screens need a session). */
  cookie?: string;
  chromiumPath?: string;
  /** Where to write Lighthouse's full JSON report (its 'bootup-time', 'mainthread-work-breakdown' and trace-derived audits). */
  reportFile?: string;
  /** Where to write the page load's Chrome trace (opens in the DevTools Performance panel): which task was long, and what ran in it. */
  traceFile?: string;
  /**
   * Lighthouse's simulated CPU slowdown (its default is 4). Its scores depend on the host's speed
   * (`benchmarkIndex`); a higher value shows how a screen fares on a slower machine than this one.
   */
  cpuSlowdown?: number;
}

// The flags a container on a closed network needs (no sandbox or GPU, nothing fetched in the background).
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-quic',
  '--mute-audio',
];

/**
 * Lighthouse's own "bad trace recording" errors, whose message ends "Please run
 * Lighthouse again": Chromium's trace lost its navigation start, which says
 * nothing about the page. Seen on 2026-11-24 in 2 of 24 runs with Chromium 156.
 * Every other runtime error (no first paint, a failed document request…) is
 * the page's own and fails at once.
 */
const badTraceCodes = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL']);
const attemptsOnBadTrace = 3;

/** Runs Lighthouse against `url` in a fresh Chromium (own profile, closed afterwards); a bad trace is recorded again. */
export async function runLighthouse(url: string, options: LighthouseOptions = {}): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await runLighthouseOnce(url, options);
    if (!('badTrace' in result)) return result;
    if (attempt === attemptsOnBadTrace) throw new Error(`Lighthouse falló en ${url} ${attempt} veces seguidas: ${result.badTrace}`);
    console.warn(`Lighthouse en ${url}: ${result.badTrace}; se repite (intento ${attempt + 1} de ${attemptsOnBadTrace}).`);
  }
}

async function runLighthouseOnce(url: string, options: LighthouseOptions): Promise<LighthouseResult | { badTrace: string }> {
  const chromium = await launchChromium(options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
      ...(options.cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } } : {}),
    });
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    const { lhr } = result;
    if (options.reportFile) fs.writeFileSync(options.reportFile, JSON.stringify(lhr));
    if (options.traceFile) fs.writeFileSync(options.traceFile, JSON.stringify(result.artifacts.Trace));
    if (lhr.runtimeError && badTraceCodes.has(lhr.runtimeError.code)) return { badTrace: `${lhr.runtimeError.message} (${lhr.runtimeError.code})` };
    if (lhr.runtimeError) throw new Error(`Lighthouse falló en ${url}: ${lhr.runtimeError.message}`);
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const metric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    const performanceAudits = new Set((lhr.categories.performance?.auditRefs ?? []).map((ref) => ref.id));
    const findings = Object.values(lhr.audits)
      .filter((audit) => (performanceAudits.has(audit.id) || audit.details?.type === 'opportunity') && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
      .map((audit) => `${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      firstContentfulPaintMs: metric('first-contentful-paint'),
      largestContentfulPaintMs: metric('largest-contentful-paint'),
      totalBlockingTimeMs: metric('total-blocking-time'),
      cumulativeLayoutShift: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      findings,
    };
  } finally {
    await chromium.close();
  }
}

/** Signs in through the API and returns the session cookie as `name=value`, for `runLighthouse`'s `cookie`. */
export async function sessionCookie(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login falló: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('cafe_sesion='));
  if (!cookie) throw new Error('el login no devolvió la cookie de sesión');
  return cookie.split(';')[0]!;
}

async function launchChromium(executable: string): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-lighthouse-'));
  const child: ChildProcess = spawn(executable, [...chromeFlags, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // Chromium's helper processes may still be writing the profile for a moment after the main one exits.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`no se pudo borrar el perfil temporal ${profile}: ${(error as Error).message}`);
    }
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium no abrió el puerto de depuración:\n${output}`)), 30_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk;
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => reject(new Error(`Chromium terminó (${code}):\n${output}`)));
    });
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}
