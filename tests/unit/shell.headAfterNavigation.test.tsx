// @vitest-environment jsdom
// A page's next/head in the browser (src/shell/HeadAfterNavigation.tsx): nothing mounts until the
// first navigation in place, so Next's head manager leaves the server's head as it is and the
// head's code stays out of the first load; a shallow navigation (the landing query leaving the
// address) does not count.
import { act, cleanup, render } from '@testing-library/react';
import Router from 'next/router';
import { afterEach, describe, expect, it } from 'vitest';
import { HeadAfterNavigation, loadedWhenRendered } from '@/shell/HeadAfterNavigation';

afterEach(cleanup);

let loads = 0;
const Tags = loadedWhenRendered(async () => {
  loads += 1;
  return function Tags({ title }: { title: string }) {
    return <p>{title}</p>;
  };
});

describe('HeadAfterNavigation in the browser', () => {
  it('renders nothing and fetches nothing until a navigation in place, then the head', async () => {
    const { container } = render(
      <HeadAfterNavigation>
        <Tags title="Prague" />
      </HeadAfterNavigation>,
    );
    expect(container.innerHTML).toBe('');
    act(() => Router.events.emit('routeChangeStart', '/?language=de', { shallow: true }));
    expect(container.innerHTML).toBe('');
    expect(loads).toBe(0);

    await act(async () => Router.events.emit('routeChangeStart', '/de', { shallow: false }));
    await act(async () => undefined);
    expect(container.innerHTML).toBe('<p>Prague</p>');
    expect(loads).toBe(1);
  });

  it('renders the head at once where it mounts after the first navigation', async () => {
    const { container } = render(
      <HeadAfterNavigation>
        <Tags title="Praha" />
      </HeadAfterNavigation>,
    );
    await act(async () => undefined);
    expect(container.innerHTML).toBe('<p>Praha</p>');
    expect(loads).toBe(1);
  });
});
