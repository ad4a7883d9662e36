/**
 * The phone's camera and a QR reader for the scan dialog (scan-dialog.tsx,
 * docs/decisions/0030-scanning-labels.md): the browser's own BarcodeDetector
 * where it has one for QR codes (Chrome on Android, Safari), else ZXing's
 * WebAssembly reader, downloaded only then (zxing-qr-decoder.ts: ~1 MB that
 * no other screen needs and no browser with a detector ever fetches).
 */

/** Why the camera could not be opened; each has its Spanish message (scanMessages). */
export type CameraFailure = 'denied' | 'unavailable' | 'busy' | 'insecure';

export class CameraError extends Error {
  constructor(readonly reason: CameraFailure) {
    super(`cámara: ${reason}`);
    this.name = 'CameraError';
  }
}

/**
 * The rear camera if there is one (`environment`, a preference, not a
 * requirement: a laptop has only the front one). Browsers give a camera only to
 * a secure page (HTTPS or localhost): elsewhere `mediaDevices` is missing.
 */
export async function openCamera(): Promise<MediaStream> {
  if (!window.isSecureContext) throw new CameraError('insecure');
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('unavailable');
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' } } });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new CameraError('denied');
    if (name === 'NotReadableError' || name === 'AbortError') throw new CameraError('busy');
    throw new CameraError('unavailable');
  }
}

/** Turns the camera off (its light too): every track of the stream stopped. */
export function stopCamera(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** Reads one frame of the video: the QR code's text, or undefined when it holds none. */
export type QrReader = (video: HTMLVideoElement) => Promise<string | undefined>;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's detector for QR codes, if it has one (Chrome for Linux and Windows, Firefox: none). */
async function nativeQrDetector(): Promise<BarcodeDetectorLike | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A reader for the video's frames. `onDecoderLoading` is called when the
 * fallback decoder has to be downloaded first (the dialog says so meanwhile).
 */
export async function createQrReader(onDecoderLoading: () => void): Promise<QrReader> {
  const detector = await nativeQrDetector();
  if (detector) return async (video) => (await detector.detect(video))[0]?.rawValue;
  onDecoderLoading();
  const { loadZxingQrDecoder } = await import('./zxing-qr-decoder.js');
  const decode = await loadZxingQrDecoder();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('sin contexto 2d');
  return async (video) => {
    const { videoWidth, videoHeight } = video;
    if (videoWidth === 0 || videoHeight === 0) return undefined;
    // A label fills a good part of the picture: 720 px on the long side reads it and keeps each frame cheap.
    const scale = Math.min(1, 720 / Math.max(videoWidth, videoHeight));
    canvas.width = Math.round(videoWidth * scale);
    canvas.height = Math.round(videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decode(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}
