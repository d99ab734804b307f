// Issue 36 item 2 (docs/consent.md, "What travels with a page view"): the landing query is kept for
// the rule and taken out of the address through the router before any SDK may start.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function arriveAt(search: string) {
  const location = { search, hash: '#faq' };
  vi.stubGlobal('location', location);
  vi.stubGlobal('window', { location });
  return import('@/base/arrival');
}

describe('arrival', () => {
  it('keeps the query, and lets the SDKs start only once the router has taken it out of the address', async () => {
    const { arrivalLeft, landingSearch, leaveArrival } = await arriveAt('?gclid=CLICK&utm_source=news');
    expect(landingSearch()).toBe('?gclid=CLICK&utm_source=news');
    let started = false;
    void arrivalLeft().then(() => (started = true));
    await Promise.resolve();
    expect(started).toBe(false);
    const replace = vi.fn(async () => true);
    await leaveArrival({
      pathname: '/[slug]/[type]',
      query: { slug: 'kings-cross-station', type: 'poi', gclid: 'CLICK', utm_source: 'news' },
      asPath: '/?gclid=CLICK&utm_source=news',
      replace,
    });
    expect(replace).toHaveBeenCalledWith(
      { pathname: '/[slug]/[type]', query: { slug: 'kings-cross-station', type: 'poi' } },
      '/#faq',
      { shallow: true, scroll: false },
    );
    await arrivalLeft();
    expect(started).toBe(true);
  });

  it('without a query, touches nothing and waits for nothing', async () => {
    const { arrivalLeft, landingSearch, leaveArrival } = await arriveAt('');
    expect(landingSearch()).toBe('');
    await arrivalLeft();
    const replace = vi.fn(async () => true);
    await leaveArrival({ pathname: '/', query: {}, asPath: '/', replace });
    expect(replace).not.toHaveBeenCalled();
  });
});
