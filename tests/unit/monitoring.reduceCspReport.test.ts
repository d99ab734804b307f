// Issue 36 item 1 (docs/monitoring.md, "CSP reports"; locales/*/legal.json "reports"): a violation
// report leaves for the intake with the page's and the blocked resource's origin and path, the
// directive and where in which script, and nothing that could say who the visitor is.
import { describe, expect, it } from 'vitest';
import { reduceCspReport, reduceUrl } from '@/monitoring/reduceCspReport';

describe('reduceUrl', () => {
  it.each([
    [
      'a query and fragment',
      'https://kingscross-bagberth.co.uk/de?gclid=abc&email=me%40example.com#top',
      'https://kingscross-bagberth.co.uk/de',
    ],
    ['credentials', 'https://user:secret@cdn.example:8443/x.js?v=1', 'https://cdn.example:8443/x.js'],
    ['nothing but the origin', 'https://cdn.example', 'https://cdn.example/'],
    ['a data: URL, to its scheme', 'data:image/png;base64,AAAA', 'data'],
    ['a blob: URL of an opaque origin, to its scheme', 'blob:null/1234', 'blob'],
    ["a blob: URL of the page's origin, to its scheme", 'blob:https://a.example/5e2c', 'blob'],
    ["an extension's script, to its scheme", 'chrome-extension://abcdefgh/inject.js?uid=1', 'chrome-extension'],
    ['a websocket', 'wss://live.example/socket?token=abc', 'wss://live.example/socket'],
    ['a plain websocket', 'ws://live.example/socket?token=abc', 'ws://live.example/socket'],
    ['plain http', 'http://cdn.example/x.js?v=1', 'http://cdn.example/x.js'],
    ['a scheme that only ends like https, to its scheme', 'git+https://code.example/repo?token=abc', 'git+https'],
    ['the keyword for inline code', 'inline', 'inline'],
    ['the keyword for eval', 'eval', 'eval'],
    ['a keyword with a hyphen', 'wasm-eval', 'wasm-eval'],
  ])('keeps origin and path of %s', (_, value, expected) => expect(reduceUrl(value)).toBe(expected));

  it.each([
    ['free text', 'my e-mail is me@example.com'],
    ['a long word', 'a'.repeat(33)],
    ['an empty string', ''],
    ['a number', 42],
    ['nothing', undefined],
    ['a keyword inside a list', ['inline']],
    ['an object that prints as a URL', { toString: () => 'https://a.example/?q=1' }],
  ])('drops %s', (_, value) => expect(reduceUrl(value)).toBeUndefined());

  it('keeps a keyword of exactly 32 letters', () => expect(reduceUrl('a'.repeat(32))).toBe('a'.repeat(32)));
});

describe('reduceCspReport', () => {
  it('cuts a report-uri report to page, blocked address, directive and place, dropping referrer, sample, policy and anything unknown', () => {
    const report = {
      'csp-report': {
        'document-uri': 'https://newyork-bagberth.com/?utm_source=mail&email=me%40example.com#x',
        referrer: 'https://www.google.com/search?q=my+name',
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'original-policy': "default-src 'self'; report-uri /api/m?csp",
        disposition: 'enforce',
        'blocked-uri': 'https://extension.example/inject.js?uid=123',
        'line-number': 12,
        'column-number': 0,
        'source-file': 'https://newyork-bagberth.com/_next/static/chunks/a.js?x=1',
        'status-code': 200,
        'script-sample': 'var email="me@example.com"',
        'visitor-id': 'abc',
      },
    };
    const reduced = reduceCspReport('application/csp-report', JSON.stringify(report));
    expect(reduced).toEqual({
      ok: true,
      body: JSON.stringify({
        'csp-report': {
          'document-uri': 'https://newyork-bagberth.com/',
          'blocked-uri': 'https://extension.example/inject.js',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          disposition: 'enforce',
          'source-file': 'https://newyork-bagberth.com/_next/static/chunks/a.js',
          'line-number': 12,
          'column-number': 0,
          'status-code': 200,
        },
      }),
    });
  });

  it('cuts each Reporting API violation the same way and leaves other report types and the user agent behind', () => {
    const reports = [
      {
        type: 'csp-violation',
        age: 5,
        url: 'https://tokyo-bagberth.jp/ja?gclid=abc',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156',
        body: {
          documentURL: 'https://tokyo-bagberth.jp/ja?gclid=abc',
          referrer: 'https://search.example/?q=hotel',
          blockedURL: 'inline',
          effectiveDirective: 'script-src-elem',
          originalPolicy: "default-src 'self'",
          disposition: 'report',
          sample: 'alert(document.cookie)',
          sourceFile: 'https://tokyo-bagberth.jp/ja?gclid=abc',
          lineNumber: 1,
          columnNumber: 20,
          statusCode: 200,
        },
      },
      { type: 'deprecation', url: 'https://tokyo-bagberth.jp/?gclid=abc', body: { id: 'x' } },
    ];
    const reduced = reduceCspReport('application/reports+json', JSON.stringify(reports));
    expect(reduced.ok && JSON.parse(reduced.body)).toEqual([
      {
        type: 'csp-violation',
        age: 5,
        url: 'https://tokyo-bagberth.jp/ja',
        body: {
          documentURL: 'https://tokyo-bagberth.jp/ja',
          blockedURL: 'inline',
          effectiveDirective: 'script-src-elem',
          disposition: 'report',
          sourceFile: 'https://tokyo-bagberth.jp/ja',
          lineNumber: 1,
          columnNumber: 20,
          statusCode: 200,
        },
      },
    ]);
  });

  it.each([
    ['a directive that is not one', { 'effective-directive': 'script-src; report-uri https://evil.example' }],
    ['a disposition browsers never send', { disposition: 'me@example.com' }],
    ['a negative line', { 'line-number': -1 }],
    ['a fractional column', { 'column-number': 1.5 }],
    ['a status code as text', { 'status-code': '200' }],
    ['a directive inside a list', { 'effective-directive': ['script-src'] }],
    ['a disposition that only ends like one', { disposition: 'not-enforce' }],
    ['a disposition that only starts like one', { disposition: 'reported-by-me@example.com' }],
  ])('drops %s', (_, field) => {
    const reduced = reduceCspReport(
      'application/csp-report',
      JSON.stringify({ 'csp-report': { 'document-uri': 'https://a.example/', ...field } }),
    );
    expect(reduced).toEqual({
      ok: true,
      body: JSON.stringify({ 'csp-report': { 'document-uri': 'https://a.example/' } }),
    });
  });

  it.each([
    ['application/csp-report', 'not json', 'a report is JSON'],
    ['application/csp-report', '[]', 'a csp-report object'],
    ['application/csp-report', '{"csp-report":[]}', 'a csp-report object'],
    ['application/csp-report', 'null', 'a csp-report object'],
    ['application/reports+json', '{}', 'a list of reports'],
    ['application/reports+json', '[]', 'a list of reports'],
    ['application/reports+json', '[{"type":"csp-violation"}]', 'no csp-violation report'],
    ['application/reports+json', '[{"type":"csp-violation","body":[]}]', 'no csp-violation report'],
    ['application/reports+json', '[null]', 'no csp-violation report'],
  ] as const)('refuses a %s body %s: %s', (type, body, reason) =>
    expect(reduceCspReport(type, body)).toEqual({ ok: false, reason }),
  );
});
