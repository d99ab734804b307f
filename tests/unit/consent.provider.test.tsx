// @vitest-environment jsdom
// The page reads the consent through ConsentProvider's store (src/consent/ConsentContext.tsx): a
// part that hydrates after the consent became known first renders what the server rendered, then
// the latest state; a new state renders its readers again.
import { act } from '@testing-library/react';
import { Activity, startTransition, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsentProvider, useConsent, type ConsentState } from '@/consent/ConsentContext';

const undecided: ConsentState = {
  regime: 'opt-in',
  consent: undefined,
  choose: () => undefined,
  banner: 'auto',
  reopen: () => undefined,
};
const granted: ConsentState = { ...undecided, consent: { analytics: true, monitoring: true } };

function Reader() {
  const { consent } = useConsent();
  return <p>{consent ? `analytics ${String(consent.analytics)}` : 'not known yet'}</p>;
}

/** The page below the app, the same element at every render of it (src/shell/StablePage.tsx). */
const page = (
  <Activity mode="visible">
    <Reader />
  </Activity>
);

/** As pages/_app.tsx: the state is known only once mounted, and set in a transition. */
function App({ known }: { known: ConsentState }) {
  const [state, setState] = useState(undecided);
  useEffect(() => startTransition(() => setState(known)), [known]);
  return <ConsentProvider value={state}>{page}</ConsentProvider>;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ConsentProvider', () => {
  it('hydrates a part with the state the server rendered, then gives it the latest', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<App known={granted} />);
    expect(container.textContent).toBe('not known yet');

    const mismatches = vi.fn();
    await act(async () => {
      hydrateRoot(container, <App known={granted} />, { onRecoverableError: mismatches });
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect(container.textContent).toBe('analytics true');
  });
});
