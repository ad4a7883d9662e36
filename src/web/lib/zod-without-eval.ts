import { config } from 'zod/v4/core';

/**
 * The app's CSP (script-src 'self', no 'unsafe-eval'; src/server/http) forbids
 * compiling code at run time. Zod would compile each object schema's parser
 * with `new Function` where it can, and finds out by trying, the first time it
 * builds one: under the CSP that try is a violation Chromium reports (Lighthouse,
 * best practices). Saying up front that there is no eval skips the try; the
 * parsers are the same interpreted ones the CSP leaves Zod anyway. Imported
 * first by main.tsx, before any schema is built. Only this settings module
 * comes with the entry: the build keeps it out of the `forms` chunk
 * (isFormsLibrary in support/web-weight.ts), so the rest of zod loads with
 * the screens that build schemas.
 */
config({ jitless: true });
