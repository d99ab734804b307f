// The server writes a page's next/head (src/shell/HeadAfterNavigation.tsx): the children as they
// are, and a component loaded with import() without waiting for it, as a synchronous render needs.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HeadAfterNavigation, loadedWhenRendered } from '@/shell/HeadAfterNavigation';

const Tags = loadedWhenRendered(
  async () =>
    function Tags({ title }: { title: string }) {
      return <title>{title}</title>;
    },
);

describe('HeadAfterNavigation on the server', () => {
  it('renders the head, loaded as the module was', async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(
      renderToStaticMarkup(
        <HeadAfterNavigation>
          <Tags title="Prague" />
        </HeadAfterNavigation>,
      ),
    ).toBe('<title>Prague</title>');
  });
});
