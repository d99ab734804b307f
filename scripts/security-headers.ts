// After `next build`: writes .next/security-headers.json, which server.ts sends on every response.
// The policy names the endpoints this build's browser code calls (the NEXT_PUBLIC_* values are
// inlined at build time, so they are read now) and the hashes of its pages' inline scripts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { publicAnalyticsConfig, publicMonitoringConfig } from '../src/config/builtEnv';
import { serverEnv } from '../src/config/serverEnv';
import { inlineScripts, securityHeaders } from '../src/security/policy';
import { SECURITY_HEADERS_FILE } from '../src/security/serverHeaders';

const root = resolve(__dirname, '..');
const pagesDir = join(root, '.next/server/pages');

const hashes = new Set<string>();
const pages = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
for (const file of pages) {
  for (const script of inlineScripts(readFileSync(join(pagesDir, file), 'utf8'))) {
    hashes.add(createHash('sha256').update(script).digest('base64'));
  }
}

const headers = securityHeaders({
  analytics: publicAnalyticsConfig,
  monitoring: publicMonitoringConfig,
  graphqlUrl: serverEnv.graphqlUrl,
  scriptHashes: [...hashes].sort(),
});
writeFileSync(join(root, SECURITY_HEADERS_FILE), `${JSON.stringify(headers, null, 2)}\n`);
console.log(
  `Security headers: ${hashes.size} inline script hashes from ${pages.length} pages → ${SECURITY_HEADERS_FILE}`,
);
