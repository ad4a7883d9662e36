import type { FastifyReply } from 'fastify';

/**
 * Sends a PDF the app drew (labels, the recall list, a delivery note) as the
 * answer: inline, so the browser's viewer opens it in the new tab with its own
 * Print button, and never from a cache: what it prints (stock, who received a
 * lot) is what is true when it is asked for.
 */
export function sendPdf(reply: FastifyReply, { pdf, fileName }: { pdf: Uint8Array; fileName: string }): void {
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}
