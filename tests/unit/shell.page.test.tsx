// @vitest-environment jsdom
// The app shell around every page: Next's second render of a rewritten static page with an equal
// copy of its props is skipped, and the data cache (spec §9) is one per browser session, created on
// first use by a live section.
import { Writable } from 'node:stream';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToPipeableStream } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LowPriorityHydration } from '@/shell/LowPriorityHydration';
import { appQueryClient } from '@/shell/queryClient';
import { samePage, StablePage } from '@/shell/StablePage';

afterEach(cleanup);

let renders = 0;
function CountingPage({ title }: { title: string }) {
  renders += 1;
  return <h1>{title}</h1>;
}
function OtherPage() {
  return <h1>other</h1>;
}

describe('StablePage', () => {
  it('compares pages by component and by the JSON of their props', () => {
    const page = { Component: CountingPage, pageProps: { title: 'Prague', nested: { locale: 'en' } } };
    expect(samePage(page, { Component: CountingPage, pageProps: { title: 'Prague', nested: { locale: 'en' } } })).toBe(
      true,
    );
    expect(samePage(page, { Component: CountingPage, pageProps: { title: 'Prague', nested: { locale: 'de' } } })).toBe(
      false,
    );
    expect(samePage(page, { Component: OtherPage, pageProps: page.pageProps })).toBe(false);
  });

  it('skips rendering the page again for an equal copy of its props, and renders new props', () => {
    renders = 0;
    const { rerender } = render(<StablePage Component={CountingPage} pageProps={{ title: 'Prague' }} />);
    expect(renders).toBe(1);
    rerender(<StablePage Component={CountingPage} pageProps={{ title: 'Prague' }} />);
    expect(renders).toBe(1);
    rerender(<StablePage Component={CountingPage} pageProps={{ title: 'Praha' }} />);
    expect(renders).toBe(2);
    expect(screen.getByRole('heading').textContent).toBe('Praha');
  });
});

describe('appQueryClient', () => {
  it('is one client per browser session, with the browser retries of spec §9', () => {
    const client = appQueryClient();
    expect(appQueryClient()).toBe(client);
    expect(client.getDefaultOptions().queries?.retry).toBe(3);
  });
});

/** The HTML React streams for a tree, once everything is ready (as Next sends a static page). */
function streamedHtml(tree: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk;
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const { pipe } = renderToPipeableStream(tree, { onAllReady: () => pipe(sink), onError: reject });
  });
}

describe('LowPriorityHydration', () => {
  it("streams a page larger than React's progressive chunk size in place: no hidden container, no revealing script", async () => {
    const paragraphs = Array.from({ length: 600 }, (_, index) => (
      <p key={index}>Storage spot {index}, open from early morning.</p>
    ));
    const html = await streamedHtml(
      <main>
        <LowPriorityHydration>{paragraphs}</LowPriorityHydration>
      </main>,
    );
    expect(html.length).toBeGreaterThan(20_000);
    expect(html).toMatch(/^<main>(<!--.*?-->)?<p>Storage spot /);
    expect(html).not.toMatch(/<div hidden|<template|<script/);
  });
});
