import { describe, expect, it } from 'vitest';
import { deviceLabel, shortIp } from '#server/features/sessions/device-label.js';

describe('how «Mis sesiones» names a device', () => {
  it('names the browser and the system of the usual User-Agents', () => {
    const cases: [string, string][] = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome en Windows'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge en Windows'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari en iPhone'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox en macOS'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome en Android'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome en Linux'],
      ['curl/8.5.0', 'curl'],
    ];
    for (const [agent, label] of cases) expect(deviceLabel(agent), agent).toBe(label);
  });

  it('cuts an agent it cannot name, and has nothing to say without one', () => {
    expect(deviceLabel('MiAplicacionDeInventario/2.0 (build 1234; canal estable; x)')).toBe('MiAplicacionDeInventario/2.0 (build 1234…');
    expect(deviceLabel('lector/1')).toBe('lector/1');
    expect(deviceLabel(null)).toBeNull();
    expect(deviceLabel('   ')).toBeNull();
  });

  it('shows IPv4 whole and IPv6 by its network part', () => {
    expect(shortIp('203.0.113.7')).toBe('203.0.113.7');
    expect(shortIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(shortIp('2001:0db8:85a3:08d3:1319:8a2e:0370:7344')).toBe('2001:0db8:85a3:08d3:…');
    expect(shortIp('::1')).toBe('::1');
    expect(shortIp(null)).toBeNull();
  });
});
