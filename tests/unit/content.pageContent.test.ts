// Spec §1 and §7: page copy from the content service's microsites and legal namespaces, with the
// embedded JSON as the fallback; §9: the translation library's 5 tries from 350 ms. Runs the real
// loader against real local HTTP servers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (path: string) => { status: number; body: string };

async function serve(handler: Handler): Promise<{ url: string; server: Server; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const { status, body } = handler(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, hits };
}

/** Loads the page-content module with the given environment, as a fresh build would. */
async function loadWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((message: string) => void errors.push(message));
  const { loadPageContent } = await import('@/content/pageContent');
  return { loadPageContent, errors };
}

/** A page that renders the hero and the footer's legal links. */
const COPY = { microsites: ['hero'], legal: ['links'] };

const store = (content: Awaited<ReturnType<Awaited<ReturnType<typeof loadWith>>['loadPageContent']>>) =>
  content.translations._nextI18Next?.initialI18nStore as Record<
    string,
    Record<string, Record<string, Record<string, string>>>
  >;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('page content from the content service', () => {
  it('uses only the embedded copy when no service is configured, and stays static', async () => {
    const { loadPageContent } = await loadWith({ CONTENT_SERVICE_URL: '' });
    const content = await loadPageContent('de', COPY);
    expect(content.revalidate).toBeUndefined();
    expect(store(content).de?.microsites?.hero?.title).toContain('{{where}}');
  });

  it('overlays the namespaces the service serves, keeps the rest, and revalidates on the configured interval', async () => {
    const service = await serve((path) =>
      path === '/de/microsites.json'
        ? { status: 200, body: JSON.stringify({ hero: { title: 'Gepäck abgeben {{where}}' } }) }
        : { status: 200, body: JSON.stringify({ terms: { title: 'AGB (vom Dienst)' } }) },
    );
    try {
      const { loadPageContent, errors } = await loadWith({
        CONTENT_SERVICE_URL: service.url,
        CONTENT_REVALIDATE_SECONDS: '600',
      });
      const content = await loadPageContent('de', COPY);
      expect(content.revalidate).toBe(600);
      expect(store(content).de?.microsites?.hero?.title).toBe('Gepäck abgeben {{where}}');
      // Keys the service did not send keep their embedded text.
      expect(store(content).de?.microsites?.hero?.cta).toContain('{{where}}');
      // Only what the page renders ships, of the service's copy too.
      expect(store(content).de?.legal?.terms).toBeUndefined();
      expect(Object.keys(store(content).de?.legal ?? {})).toEqual(['links']);
      // The page's locale only: it has every key, so the English fallback is never shown.
      expect(service.hits.sort()).toEqual(['/de/legal.json', '/de/microsites.json']);
      expect(Object.keys(store(content))).toEqual(['de']);
      expect(errors).toEqual([]);
    } finally {
      service.server.close();
    }
  });

  it('keeps the embedded copy and logs when the service sends broken JSON', async () => {
    const service = await serve(() => ({ status: 200, body: '{"hero": {"title": "broken' }));
    try {
      const { loadPageContent, errors } = await loadWith({ CONTENT_SERVICE_URL: service.url });
      const content = await loadPageContent('fr', COPY);
      expect(store(content).fr?.microsites?.hero?.title).toContain('{{where}}');
      expect(errors.join('\n')).toMatch(/fr\/microsites .*failed/);
    } finally {
      service.server.close();
    }
  });

  it('keeps the embedded copy and logs when the service is down, after retrying', async () => {
    const service = await serve(() => ({ status: 200, body: '{}' }));
    const url = service.url;
    await new Promise<void>((resolve) => service.server.close(() => resolve()));
    vi.useFakeTimers({ shouldAdvanceTime: true, advanceTimeDelta: 100 });
    try {
      const { loadPageContent, errors } = await loadWith({ CONTENT_SERVICE_URL: url });
      const loading = loadPageContent('it', COPY);
      await vi.advanceTimersByTimeAsync(10_000);
      const content = await loading;
      expect(store(content).it?.microsites?.hero?.title).toContain('{{where}}');
      expect(errors.join('\n')).toMatch(/it\/microsites .*failed after 5 tries/);
    } finally {
      vi.useRealTimers();
    }
  });
});
