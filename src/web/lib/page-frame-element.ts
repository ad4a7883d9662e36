/**
 * The element that holds a screen's page frame in its HTML page
 * (docs/decisions/0034-page-frames.md): written by the build
 * (scripts/write-page-frames.tsx), taken away by the app (src/web/app/page-frame.tsx),
 * looked for by e2e/page-frames.e2e.test.ts. Plain code, no React.
 */
export const PAGE_FRAME_ID = 'page-frame';

export const pageFrameShown = (): boolean => document.getElementById(PAGE_FRAME_ID) !== null;

export const removePageFrame = (): void => document.getElementById(PAGE_FRAME_ID)?.remove();
