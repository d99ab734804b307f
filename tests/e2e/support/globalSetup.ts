import { startCollector } from './collector';

/** Starts the vendor collector for the whole run; Playwright calls the returned teardown. */
export default async function globalSetup() {
  const server = await startCollector();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
