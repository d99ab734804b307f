// Issue 24 item 5 (docs/deploy.md, "On-demand revalidation"): revalidation tells every caching
// proxy in front to drop its copies, retrying one that fails, and says which did not take it.
import { postToAll } from '@/base/postToAll';

/** A fake fetch answering each URL from its own list of outcomes in turn, recording the calls. */
function endpoints(outcomes: Record<string, Array<number | Error>>) {
  const calls: string[] = [];
  const send = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${String(url)} ${String(init?.body)}`);
    const next = outcomes[String(url)]!.shift()!;
    if (next instanceof Error) throw next;
    return new Response(null, { status: next });
  }) as typeof fetch;
  return { send, calls };
}

const refused = () =>
  Object.assign(new TypeError('fetch failed'), { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });

describe('postToAll', () => {
  it('posts the body to every endpoint and reports each one that took it', async () => {
    const { send, calls } = endpoints({ 'http://a/purge': [200], 'http://b/purge': [204] });
    expect(await postToAll(['http://a/purge', 'http://b/purge'], { hosts: ['h'] }, { send })).toEqual({
      delivered: ['http://a/purge', 'http://b/purge'],
      failed: [],
    });
    expect(calls).toEqual(['http://a/purge {"hosts":["h"]}', 'http://b/purge {"hosts":["h"]}']);
  });

  it('tries a failing endpoint again, and counts it delivered once it takes the body', async () => {
    const { send, calls } = endpoints({ 'http://a/purge': [refused(), 503, 200] });
    expect(await postToAll(['http://a/purge'], {}, { send, backoffMs: 1 })).toEqual({
      delivered: ['http://a/purge'],
      failed: [],
    });
    expect(calls).toHaveLength(3);
  });

  it('names an endpoint that never took it, with the last reason, and still delivers to the others', async () => {
    const { send } = endpoints({ 'http://down/purge': [refused(), refused(), refused()], 'http://up/purge': [200] });
    expect(await postToAll(['http://down/purge', 'http://up/purge'], {}, { send, backoffMs: 1 })).toEqual({
      delivered: ['http://up/purge'],
      failed: [{ url: 'http://down/purge', reason: 'connect ECONNREFUSED 127.0.0.1:9, after 3 attempts' }],
    });
  });

  it('does not repeat a request the endpoint refused as such (4xx)', async () => {
    const { send, calls } = endpoints({ 'http://a/purge': [400, 200] });
    expect((await postToAll(['http://a/purge'], {}, { send, backoffMs: 1 })).failed).toEqual([
      { url: 'http://a/purge', reason: 'answered 400, after 1 attempt' },
    ]);
    expect(calls).toHaveLength(1);
  });
});
