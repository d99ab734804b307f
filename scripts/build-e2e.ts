// `npm run build:e2e`: `npm run build` with every vendor endpoint pointed at the local test collector.
import { spawnSync } from 'node:child_process';
import { E2E_BUILD_ENV } from '../tests/e2e/support/collectorConfig';

const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, ...E2E_BUILD_ENV } });
process.exit(result.status ?? 1);
