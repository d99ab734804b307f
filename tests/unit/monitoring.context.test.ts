// Spec §3 (Monitoring session context: 'application' holding locale and commitSha) and §2/§4
// (Monitoring: loaded at once on /404, /500 and _error, otherwise at the first scroll).
import { applicationContext, tenantContext } from '@/monitoring/context';
import { onFirstScroll, shouldStartImmediately } from '@/monitoring/startTrigger';

describe('applicationContext', () => {
  it('holds the locale and the commit', () => {
    expect(applicationContext('de', '6c44da20')).toEqual({ locale: 'de', commitSha: '6c44da20' });
  });
});

describe('tenantContext', () => {
  it('names the tenant host, slug and type of a landing page', () => {
    expect(tenantContext({ host: 'kingscross-bagberth.co.uk', slug: 'kings-cross-station', type: 'poi' })).toEqual({
      host: 'kingscross-bagberth.co.uk',
      slug: 'kings-cross-station',
      type: 'poi',
    });
  });

  it('reports the tenant domain for a local preview host', () => {
    expect(
      tenantContext({ host: 'Kyotostation-Bagberth.JP.localhost:3000', slug: 'kyoto-station', type: 'poi' }).host,
    ).toBe('kyotostation-bagberth.jp');
  });

  it.each([
    [{ host: 'localhost', slug: undefined, type: undefined }],
    [{ host: 'localhost', slug: '', type: 'station' }],
    [{ host: 'localhost', slug: 42, type: null }],
  ])('has no slug or type off a landing page: %o', (page) => {
    expect(tenantContext(page)).toEqual({ host: 'localhost', slug: null, type: null });
  });
});

describe('shouldStartImmediately', () => {
  it.each(['/404', '/500', '/_error', '/404/', '/unknown-host', '/not-found/[regime]'])(
    'starts at once on %s',
    (pathname) => expect(shouldStartImmediately(pathname)).toBe(true),
  );

  it.each(['/', '/[slug]/[type]', '/4040', '/de/404', ''])('waits for the first scroll on %s', (pathname) =>
    expect(shouldStartImmediately(pathname)).toBe(false),
  );
});

describe('onFirstScroll', () => {
  /** A frame the test paints when it likes: the checks scheduled for after it. */
  const nextPaint = () => {
    const checks = new Set<() => void>();
    const afterPaint = (check: () => void) => {
      checks.add(check);
      return () => checks.delete(check);
    };
    return { afterPaint, paint: () => checks.forEach((check) => check()) };
  };

  it('calls back once, at the first scroll only', () => {
    const target = new EventTarget();
    const frame = nextPaint();
    const callback = vi.fn();
    onFirstScroll(callback, target, frame.afterPaint);
    expect(callback).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('scroll'));
    target.dispatchEvent(new Event('scroll'));
    frame.paint();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('listens passively, so scrolling is never delayed', () => {
    const target = new EventTarget();
    const listen = vi.spyOn(target, 'addEventListener');
    onFirstScroll(() => {}, target, nextPaint().afterPaint);
    expect(listen).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true, once: true });
  });

  it('calls back after the next paint when the visitor scrolled before the app started, once', () => {
    const target = Object.assign(new EventTarget(), { scrollY: 240 });
    const frame = nextPaint();
    const callback = vi.fn();
    onFirstScroll(callback, target, frame.afterPaint);
    frame.paint();
    target.dispatchEvent(new Event('scroll'));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  // Issue 44 item 1: started in the click that closed the banner, a read of the scroll position
  // before that frame's layout forces one.
  it('reads the scroll position only after the next paint', () => {
    let reads = 0;
    const target = Object.defineProperty(new EventTarget(), 'scrollY', {
      get: () => {
        reads += 1;
        return 0;
      },
    }) as EventTarget & { scrollY: number };
    const frame = nextPaint();
    onFirstScroll(() => {}, target, frame.afterPaint);
    expect(reads).toBe(0);
    frame.paint();
    expect(reads).toBe(1);
  });

  it('can be cancelled before the scroll, and before the paint', () => {
    const target = Object.assign(new EventTarget(), { scrollY: 240 });
    const frame = nextPaint();
    const callback = vi.fn();
    const cancel = onFirstScroll(callback, target, frame.afterPaint);
    cancel();
    target.dispatchEvent(new Event('scroll'));
    frame.paint();
    expect(callback).not.toHaveBeenCalled();
  });
});
