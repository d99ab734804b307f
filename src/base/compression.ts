/**
 * Brotli's quality for what is compressed per response: landing pages by the Node server
 * (server.ts) and by the caching proxy (deploy/proxyConf.ts), so both send the same bytes. 6 costs
 * about what 5 does on a landing page and keeps the largest further inside the first round trip
 * (docs/performance.md, "The page in one round trip"; `npm run bench:brotli-quality`).
 */
export const BROTLI_QUALITY = 6;
