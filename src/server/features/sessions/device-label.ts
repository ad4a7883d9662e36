import { isIPv6 } from 'node:net';

/**
 * How «Mis sesiones» names a device: short enough to read at a glance on a
 * phone, long enough to tell "my laptop" from "someone else's". The full
 * User-Agent stays in the database; the API sends only this.
 */

/** Browsers in the order to test them: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Mac OS X|Macintosh)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Longest label for a User-Agent we cannot name: its start, cut. */
const RAW_MAX = 40;

/** 'Chrome en Windows', 'Safari en iPhone', 'Firefox'; an unknown agent's first 40 characters; null without one. */
export function deviceLabel(userAgent: string | null): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  if (browser || system) return (browser ?? system)!;
  return text.length > RAW_MAX ? `${text.slice(0, RAW_MAX)}…` : text;
}

/**
 * An address as «Mis sesiones» shows it: IPv4 whole (an IPv4-mapped IPv6 one
 * as IPv4), IPv6 cut to its first four groups, the network part, which is what
 * a person can recognise ('2001:db8:85a3:8d3:…').
 */
export function shortIp(ip: string | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const groups = ip.split(':');
  return groups.length > 4 && !ip.includes('::') ? `${groups.slice(0, 4).join(':')}:…` : ip;
}
