import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
// Served by us, beside the other assets (a hashed name under /assets/): the package's default is a
// public CDN, which the Content-Security-Policy (connect-src 'self') refuses and a closed network lacks.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * ZXing's QR reader compiled to WebAssembly, for browsers without a
 * BarcodeDetector (docs/decisions/0030-scanning-labels.md). Imported only by
 * qr-camera.ts's dynamic import(), so it and its .wasm are downloaded when a
 * scan dialog opens in such a browser, never with a screen. Compiling
 * WebAssembly needs 'wasm-unsafe-eval' in the page's script-src
 * (src/server/http/security.ts).
 */
export async function loadZxingQrDecoder(): Promise<(image: ImageData) => Promise<string | undefined>> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return async (image) => {
    const [result] = await readBarcodes(image, { formats: ['QRCode'], maxNumberOfSymbols: 1, tryHarder: true });
    return result?.isValid ? result.text : undefined;
  };
}
