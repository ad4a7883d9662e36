import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Last step of `npm run build:web` (docs/decisions/0010-report-ranges-and-month-labels.md): writes `name.br` and `name.gz`
 * beside every text file of dist/web (HTML included) and the QR decoder's
 * .wasm (953 KB, a third of that in brotli: docs/decisions/0030-scanning-labels.md), so @fastify/static's
 * `preCompressed` sends them with Content-Encoding instead of the raw bytes.
 * Compressing once at build time lets us use the slowest, smallest settings.
 */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const webRoot = path.resolve(import.meta.dirname, '..', 'dist', 'web');
const compressible = /\.(html|js|mjs|css|svg|json|txt|map|webmanifest|wasm)$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const files = filesUnder(webRoot).filter((file) => compressible.test(file) && !file.includes(`${path.sep}.vite${path.sep}`));
let raw = 0;
let brotliTotal = 0;
let gzipTotal = 0;
await Promise.all(
  files.map(async (file) => {
    const content = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    raw += content.length;
    brotliTotal += br.length;
    gzipTotal += gz.length;
  }),
);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`compress-web: ${files.length} archivos, ${kb(raw)} → brotli ${kb(brotliTotal)}, gzip ${kb(gzipTotal)}`);
