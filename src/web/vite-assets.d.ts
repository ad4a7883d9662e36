/** Vite's `?url` imports (vite.config.ts): the built asset's address, e.g. zxing-qr-decoder.ts's .wasm. */
declare module '*?url' {
  const url: string;
  export default url;
}
