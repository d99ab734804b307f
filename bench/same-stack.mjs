// The same-stack baseline of issue 42 (items 1 and 2): what a team would get building a landing
// page on this site's stack (Next 16's pages router, React 19, styled-components 6 with its
// ServerStyleSheet in `_document`) with nothing clever and nothing extra. Its pages are static
// copies of the served pages of the Lighthouse visitors (King's Cross en, Kyoto ja, Cornavin de):
// the same elements, attributes, text, hero <img> and CSS, written as JSX with one styled component
// per styled-components class of the page, hydrated the plain way: no i18n runtime, consent,
// analytics, monitoring, Activity boundaries or paint-first script starter.
//
// How it is made: the site's HTML (fetched from the running bench server with the tenant's Host)
// gives the body markup inside #__next (React's comment markers dropped, so the Activity
// boundaries go), the head elements next/head wrote (title, meta, links, JSON-LD), and the
// styled-components sheet. The sheet lists each component's rules followed by a marker with its
// component id and generated classes; every class's rules become one styled component
// (`styled.tag.withConfig({ componentId })`, the componentId the site's SWC plugin gave it, so
// elements carry the same `sc-…` classes), and an element with two component ids (an extended
// component) becomes `styled(Base)`. The site's createGlobalStyle rules become one
// createGlobalStyle. Rules naming two generated classes would stay global: the three pages have
// none (the generator counts them). startSameStack (bench/baseline.mjs) prints how close each copy is.
//
// How close (e2e build of 2026-12-06, site / baseline): elements inside #__next 261/261 (en),
// 212/212 (ja), 199/199 (de), the same text and the same hero <img>; styled-components CSS
// 15,632/15,635, 15,883/15,888 and 15,704/15,707 B (the same rules, other generated class names);
// HTML 54,223/41,673, 52,599/39,439 and 50,155/37,924 B (the site's page also carries its copy and
// props in __NEXT_DATA__, the script starter, the consent mark and the Activity markers); first-load
// JS 142.7 kB gz for the site's landing route against 129.5–130.2 kB for a baseline page, whose
// markup is in its JS rather than in page props. What it does not copy: a returning visitor's
// hidden banner (the site hides it with CSS from a mark its head script sets; the baseline has no
// consent code, so it shows it). Of the site's response headers it sends only the one that changes
// how a browser loads a page, Cross-Origin-Opener-Policy (startSameStack, bench/baseline.mjs).
import { request } from 'node:http';
import { JSDOM } from 'jsdom';

/** The Lighthouse visitors' pages: the site's Host and path, and the baseline's path. */
export const SAME_STACK_PAGES = [
  { target: 'kingscross-bagberth.co.uk/', host: 'kingscross-bagberth.co.uk', path: '/', file: 'index' },
  { target: 'kyotostation-bagberth.jp/ja', host: 'kyotostation-bagberth.jp', path: '/ja', file: 'ja' },
  { target: 'cornavin-bagberth.ch/de', host: 'cornavin-bagberth.ch', path: '/de', file: 'de' },
];

/** The served page's HTML, uncompressed, for `host` (its `*.localhost` preview) on the bench server. */
export function fetchSitePage(port, host, path) {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host: `${host}.localhost:${port}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        response.statusCode === 200 ? resolve(body) : reject(new Error(`${host}${path}: ${response.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** HTML attribute names React spells otherwise. */
const REACT_NAMES = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  srcset: 'srcSet',
  hreflang: 'hrefLang',
  fetchpriority: 'fetchPriority',
  crossorigin: 'crossOrigin',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  autocomplete: 'autoComplete',
  enterkeyhint: 'enterKeyHint',
  inputmode: 'inputMode',
  datetime: 'dateTime',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  novalidate: 'noValidate',
  referrerpolicy: 'referrerPolicy',
  'http-equiv': 'httpEquiv',
  charset: 'charSet',
  itemprop: 'itemProp',
  itemscope: 'itemScope',
  itemtype: 'itemType',
  // Uncontrolled, as a form without handlers is written in React.
  checked: 'defaultChecked',
};
const BOOLEAN = new Set([
  'defaultChecked',
  'disabled',
  'hidden',
  'open',
  'required',
  'selected',
  'multiple',
  'noValidate',
]);
const SVG_NS = 'http://www.w3.org/2000/svg';
const camel = (name) => name.replace(/[-:]([a-z])/g, (_, letter) => letter.toUpperCase());

const styleObject = (text) =>
  Object.fromEntries(
    text
      .split(';')
      .map((declaration) => declaration.split(':'))
      .filter(([property, value]) => property?.trim() && value !== undefined)
      .map(([property, ...value]) => [
        property.trim().startsWith('--') ? property.trim() : camel(property.trim()),
        value.join(':').trim(),
      ]),
  );

/**
 * The styled-components sheet of a page: the global rules, and each generated class's rules
 * (the class written as `&`) with its component id.
 */
function parseSheet(css) {
  const global = [];
  const classes = new Map();
  let unassigned = [];
  let crossRules = 0;
  for (const chunk of css.split('/*!sc*/')) {
    const rule = chunk.trim();
    if (!rule) continue;
    const marker = /^data-styled\.g\d+\[id="([^"]+)"\]\{content:"([^"]*)"\}$/.exec(rule);
    if (!marker) {
      unassigned.push(rule);
      continue;
    }
    const [, componentId, names] = marker;
    const generated = names.split(',').filter(Boolean);
    if (componentId.startsWith('sc-global-')) {
      global.push(...unassigned);
    } else {
      for (const name of generated) classes.set(name, { componentId, rules: [] });
      for (const item of unassigned) {
        const owners = generated.filter((name) => new RegExp(`\\.${name}(?![\\w-])`).test(item));
        if (owners.length !== 1) {
          crossRules += 1;
          global.push(item);
          continue;
        }
        classes.get(owners[0]).rules.push(item.replace(new RegExp(`\\.${owners[0]}(?![\\w-])`, 'g'), '&'));
      }
    }
    unassigned = [];
  }
  global.push(...unassigned);
  return { global, classes, crossRules };
}

const templateText = (text) => text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');

/** One page of the baseline: its module source and what it holds, for the report. */
export function pageModule(html, name) {
  const dom = new JSDOM(html);
  const { document } = dom.window;
  const css = document.querySelector('style[data-styled]')?.textContent ?? '';
  const sheet = parseSheet(css);
  const components = new Map();
  const definitions = [];
  let elements = 0;

  /** The styled component for an element's chain of component ids and generated classes. */
  const componentFor = (tag, chain) => {
    const key = `${tag} ${chain.map(({ name }) => name).join(' ')}`;
    if (components.has(key)) return components.get(key);
    const base = chain.length > 1 ? componentFor(tag, chain.slice(0, -1)) : undefined;
    const { componentId, rules } = chain.at(-1);
    const id = `S${components.size + 1}`;
    components.set(key, id);
    const factory = base ? `styled(${base})` : `styled.${tag}`;
    definitions.push(
      `const ${id} = ${factory}.withConfig({ componentId: ${JSON.stringify(componentId)} })\`\n${templateText(rules.join('\n'))}\n\`;`,
    );
    return id;
  };

  const jsx = (node, indent) => {
    if (node.nodeType === 3) return node.data ? `${indent}{${JSON.stringify(node.data)}}` : '';
    if (node.nodeType !== 1) return '';
    elements += 1;
    const svg = node.namespaceURI === SVG_NS;
    let tag = node.localName;
    const props = [];
    const literalClasses = [];
    let chain = [];
    for (const { name, value } of node.attributes) {
      if (name === 'class') {
        const names = value.split(/\s+/).filter(Boolean);
        const generated = names.filter((className) => sheet.classes.has(className));
        chain = generated.map((className) => ({ name: className, ...sheet.classes.get(className) }));
        const ids = new Set(chain.map(({ componentId }) => componentId));
        literalClasses.push(...names.filter((className) => !sheet.classes.has(className) && !ids.has(className)));
        continue;
      }
      if (name === 'style') {
        props.push(`style={${JSON.stringify(styleObject(value))}}`);
        continue;
      }
      const reactName =
        REACT_NAMES[name] ?? (svg && !name.startsWith('aria-') && !name.startsWith('data-') ? camel(name) : name);
      props.push(BOOLEAN.has(reactName) ? reactName : `${reactName}={${JSON.stringify(value)}}`);
    }
    if (literalClasses.length) props.push(`className=${JSON.stringify(literalClasses.join(' '))}`);
    if (chain.length) tag = componentFor(node.localName, chain);
    const children = [...node.childNodes].map((child) => jsx(child, `${indent}  `)).filter(Boolean);
    const open = `${indent}<${tag}${props.length ? ` ${props.join(' ')}` : ''}`;
    return children.length ? `${open}>\n${children.join('\n')}\n${indent}</${tag}>` : `${open} />`;
  };

  const root = document.getElementById('__next');
  const body = [...root.childNodes].map((child) => jsx(child, '      ')).filter(Boolean);
  // next/head's elements (the document's own favicon and theme colour are in _document).
  const head = [...document.head.querySelectorAll('[data-next-head]')]
    .filter((element) => element.localName !== 'meta' || element.getAttribute('charset') === null)
    .map((element) => {
      const props = [...element.attributes]
        .filter(({ name }) => name !== 'data-next-head')
        .map(({ name, value }) => `${REACT_NAMES[name] ?? name}={${JSON.stringify(value)}}`);
      if (element.localName === 'title') return `        <title>{${JSON.stringify(element.textContent)}}</title>`;
      if (element.localName === 'script')
        props.push(`dangerouslySetInnerHTML={{ __html: ${JSON.stringify(element.textContent)} }}`);
      return `        <${element.localName} ${props.join(' ')} />`;
    });
  const source = `// Generated by bench/same-stack.mjs from the site's ${name}: do not edit.
import Head from 'next/head';
import styled, { createGlobalStyle } from 'styled-components';

const GlobalStyle = createGlobalStyle\`
${templateText(sheet.global.join('\n'))}
\`;

${definitions.join('\n\n')}

export default function Page() {
  return (
    <>
      <Head>
${head.join('\n')}
      </Head>
      <GlobalStyle />
${body.join('\n')}
    </>
  );
}

export async function getStaticProps() {
  return { props: {} };
}
`;
  return {
    source,
    lang: document.documentElement.getAttribute('lang') ?? 'en',
    images: [...root.querySelectorAll('img')].map((img) => img.getAttribute('src')),
    facts: {
      elements,
      cssBytes: Buffer.byteLength(css),
      styledClasses: sheet.classes.size,
      components: components.size,
      crossRules: sheet.crossRules,
    },
  };
}

/** The element count, generated classes and CSS bytes of a served page, to compare with the site's. */
export function pageFacts(html) {
  const { document } = new JSDOM(html).window;
  const css = document.querySelector('style[data-styled]')?.textContent ?? '';
  return {
    elements: document.getElementById('__next')?.querySelectorAll('*').length ?? 0,
    cssBytes: Buffer.byteLength(css),
    htmlBytes: Buffer.byteLength(html),
    text: (document.getElementById('__next')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    img: document.querySelector('#__next img')?.outerHTML ?? '',
  };
}

/** The baseline's `_document`: the standard ServerStyleSheet pattern, the page's language on <html>. */
export const documentModule = (langs) => `import Document, { Html, Head, Main, NextScript } from 'next/document';
import { ServerStyleSheet } from 'styled-components';

const LANGS = ${JSON.stringify(langs)};

export default class BaselineDocument extends Document {
  static async getInitialProps(ctx) {
    const sheet = new ServerStyleSheet();
    const originalRenderPage = ctx.renderPage;
    try {
      ctx.renderPage = () =>
        originalRenderPage({ enhanceApp: (App) => (props) => sheet.collectStyles(<App {...props} />) });
      const initialProps = await Document.getInitialProps(ctx);
      return { ...initialProps, styles: [initialProps.styles, sheet.getStyleElement()] };
    } finally {
      sheet.seal();
    }
  }

  render() {
    return (
      <Html lang={LANGS[this.props.__NEXT_DATA__.page] ?? 'en'}>
        <Head>
          <meta name="theme-color" content="#0b6e4f" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </Head>
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
`;
