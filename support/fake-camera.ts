import fs from 'node:fs';
import QRCode from 'qrcode';

/**
 * A camera for Chromium that films a QR code: a .y4m video for
 * `--use-file-for-fake-video-capture` (with `--use-fake-device-for-media-stream`),
 * which Chromium plays in a loop as the only camera
 * (e2e/scan-labels.e2e.test.ts). Y4M is a text header and raw frames, here
 * 4:2:0 (I420): a full-size luma plane, then quarter-size U and V planes.
 */

export interface RgbaImage {
  width: number;
  height: number;
  /** 4 bytes a pixel (red, green, blue, alpha), row after row. */
  data: Uint8Array;
}

/**
 * `text` as a black-on-white QR code (the qrcode package's own module matrix,
 * as the labels print it), `modulePx` pixels a module, centred on a white
 * picture of `width` × `height` with its 4-module quiet zone.
 */
export function qrImage(text: string, { width = 640, height = 480, modulePx = 8 } = {}): RgbaImage {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size * modulePx;
  if (side + 8 * modulePx > Math.min(width, height)) throw new Error(`el QR de «${text}» no cabe en ${width}×${height}`);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const data = new Uint8Array(width * height * 4).fill(255);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = top + row * modulePx; y < top + (row + 1) * modulePx; y++) {
        for (let x = left + column * modulePx; x < left + (column + 1) * modulePx; x++) {
          const at = (y * width + x) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
      }
    }
  }
  return { width, height, data };
}

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** RGBA to I420 with BT.601's studio-range coefficients (what Chromium expects of a camera); each chroma sample averages 2 × 2 pixels. */
export function rgbaToI420({ width, height, data }: RgbaImage): Uint8Array {
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('I420 necesita ancho y alto pares');
  const frame = new Uint8Array(width * height * 1.5);
  const chromaWidth = width / 2;
  const uStart = width * height;
  const vStart = uStart + (width * height) / 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      frame[y * width + x] = clampByte(0.257 * data[at]! + 0.504 * data[at + 1]! + 0.098 * data[at + 2]! + 16);
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const at = ((y + dy) * width + x + dx) * 4;
        r += data[at]!;
        g += data[at + 1]!;
        b += data[at + 2]!;
      }
      [r, g, b] = [r / 4, g / 4, b / 4];
      const chroma = (y / 2) * chromaWidth + x / 2;
      frame[uStart + chroma] = clampByte(-0.148 * r - 0.291 * g + 0.439 * b + 128);
      frame[vStart + chroma] = clampByte(0.439 * r - 0.368 * g - 0.071 * b + 128);
    }
  }
  return frame;
}

/** Writes `image` as a Y4M video of `frames` identical frames at 10 per second (Chromium loops it). */
export function writeY4m(file: string, image: RgbaImage, frames = 5): void {
  const header = Buffer.from(`YUV4MPEG2 W${image.width} H${image.height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), rgbaToI420(image)]);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
