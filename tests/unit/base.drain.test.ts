// Issue 24 item 2: an instance stopped by its platform (SIGTERM) finishes what it was answering
// and takes nothing new (docs/deploy.md, "Deploys and stops"). A real server on loopback.
import { createServer, request, type IncomingMessage, type Server, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainer, type Drain } from '@/base/drain';

let server: Server;
let drain: Drain;
let port: number;
/** Responses the test lets finish by hand. */
let held: Array<() => void>;

beforeEach(async () => {
  held = [];
  server = createServer((req, res) => {
    if (req.url === '/slow') held.push(() => res.end('slow done'));
    else if (req.url === '/streaming') {
      res.writeHead(200).write('first part, ');
      held.push(() => res.end('last part'));
    } else res.end('quick');
  });
  drain = drainer(server, { deadlineMs: 1_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(() => {
  server.closeAllConnections();
  server.close();
});

const get = (path: string, agent?: Agent) =>
  new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res: IncomingMessage) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    })
      .on('error', reject)
      .end();
  });

const until = async (done: () => boolean) => {
  for (let tries = 0; !done() && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('drainer', () => {
  it('finishes a request in flight, answering it with Connection: close, then resolves', async () => {
    const slow = get('/slow');
    await until(() => held.length === 1);
    const stopped = drain.start();
    expect(drain.draining).toBe(true);
    let resolved = false;
    void stopped.then(() => (resolved = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(resolved).toBe(false);
    held[0]!();
    expect(await slow).toEqual({ status: 200, body: 'slow done', connection: 'close' });
    await stopped;
  });

  it('takes no new connection once draining', async () => {
    const slow = get('/slow');
    await until(() => held.length === 1);
    void drain.start();
    await expect(get('/')).rejects.toThrow(/ECONNREFUSED/);
    held[0]!();
    await slow;
  });

  it('closes a kept-alive connection once its response has gone, even one whose headers had gone before, without waiting for the keep-alive timeout', async () => {
    const agent = new Agent({ keepAlive: true });
    const slow = get('/streaming', agent);
    await until(() => held.length === 1);
    const started = Date.now();
    const stopped = drain.start();
    held[0]!();
    await slow;
    await stopped;
    expect(Date.now() - started).toBeLessThan(1_000);
    agent.destroy();
  });

  it('closes an idle kept-alive connection at once, so a proxy does not send its next request there', async () => {
    const agent = new Agent({ keepAlive: true });
    expect((await get('/', agent)).body).toBe('quick');
    const started = Date.now();
    await drain.start();
    expect(Date.now() - started).toBeLessThan(500);
    agent.destroy();
  });

  it('closes what is left at the deadline', async () => {
    const slow = get('/slow').catch((error: Error) => error);
    await until(() => held.length === 1);
    const started = Date.now();
    await drain.start();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await slow).toBeInstanceOf(Error);
  });
});
