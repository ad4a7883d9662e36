/**
 * The page the server sends a browser without a session cookie (index.html,
 * src/server/http/web-app.ts) carries this <meta> (vite.config.ts writes it):
 * nobody can be signed in there, so the app shows the login at once instead of
 * asking /api/auth/me first, a round trip whose 401 Chromium logs as an error.
 * The pages for a session cookie (app*.html) and the dev server's do not, and
 * the app asks as before.
 */
export const SIGNED_OUT_META = 'cafe-sin-sesion';

export const pageSaysSignedOut = (): boolean => document.querySelector(`meta[name="${SIGNED_OUT_META}"]`) !== null;
