/**
 * The browser's `next-i18next/pages` (a bundler alias for the browser only, next.config.js): the
 * server loads, checks and trims each page's copy with next-i18next and i18next, and hands the
 * page exactly the strings it renders (src/i18n/serverTranslations.ts). All the browser has left to
 * do is look them up, so it gets these few lines instead of i18next and react-i18next.
 *
 * It does what the site's copy uses, as i18next does it with next-i18next's defaults: keys by `.`,
 * a namespace by `ns:key` or the first namespace that has the key, `{{name}}` and `{{a.b}}` values
 * unescaped (a missing value is ""), a missing key shown as itself, and `<Trans>` with named
 * component tags. tests/unit/i18n.browserLookup.test.tsx renders every page both ways and compares.
 */
import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  useContext,
  useMemo,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';

type Tree = { readonly [key: string]: string | Tree };
/** next-i18next's page props: `initialI18nStore[locale][namespace]`. */
interface PageTranslations {
  initialLocale?: string;
  initialI18nStore?: Record<string, Record<string, Tree>>;
}
interface Lookup {
  language: string;
  namespaces: Record<string, Tree>;
}
type Values = Readonly<Record<string, unknown>>;
export type TFunction = (key: string, values?: Values) => string;

const LookupContext = createContext<Lookup>({ language: 'en', namespaces: {} });
const DEFAULT_NAMESPACE = 'microsites';

/** What a dotted path names in a tree of copy or of values, if anything. */
function at(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.'))
    node = node !== null && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Values)[part] : undefined;
  return node;
}

const interpolate = (text: string, values: Values | undefined) =>
  text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (_whole, name: string) => {
    const value = at(values, name);
    return value === undefined || value === null ? '' : String(value);
  });

function translator({ namespaces }: Lookup, wanted: readonly string[]): TFunction {
  return (key, values) => {
    const split = key.indexOf(':');
    const [inNamespaces, path] = split > 0 ? [[key.slice(0, split)], key.slice(split + 1)] : [wanted, key];
    for (const namespace of inNamespaces) {
      const text = at(namespaces[namespace], path);
      if (typeof text === 'string') return interpolate(text, values);
    }
    return path;
  };
}

export function useTranslation(namespace?: string | readonly string[]) {
  const lookup = useContext(LookupContext);
  const wanted =
    namespace === undefined ? [DEFAULT_NAMESPACE] : typeof namespace === 'string' ? [namespace] : namespace;
  const key = wanted.join(',');
  return useMemo(
    () => ({ t: translator(lookup, wanted), i18n: { language: lookup.language }, ready: true }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the namespace list
    [lookup, key],
  );
}

const TAG = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;

/** A translated text with its `<name>…</name>` and `<name/>` tags made into the given elements. */
function withComponents(text: string, components: Readonly<Record<string, ReactElement>>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, selfClosing, name = selfClosing ?? '', inner] = match;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const element = components[name];
    const children = inner === undefined ? undefined : withComponents(inner, components);
    nodes.push(element ? cloneElement(element, { key: nodes.length }, ...(children ?? [])) : whole);
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t?: TFunction;
  i18nKey: string;
  values?: Values;
  components?: Readonly<Record<string, ReactElement>>;
}) {
  const own = useTranslation();
  return createElement(Fragment, null, ...withComponents((t ?? own.t)(i18nKey, values), components));
}

/**
 * The copy of the last page rendered with one. Outside React: a page that throws in the browser is
 * unmounted with the app above it before Next renders pages/_error.tsx in its place, so state
 * kept in the app would be gone, and the error page, which has no copy of its own there, would
 * show its keys. Written as the app renders, so the copy of the page that failed (in the language
 * the visitor just chose) is the one kept. The browser has one visitor, so nothing is shared.
 */
let lastCopy: PageTranslations | undefined;

/**
 * Puts the page's copy where useTranslation finds it, as next-i18next's appWithTranslation does.
 * A page that comes without copy gets the copy the app last had: pages/_error.tsx, rendered in
 * the browser after a page failed there, has no server to load its own and reads the error texts
 * every page carries (src/shell/shellCopy.ts).
 */
export function appWithTranslation<
  Props extends { pageProps?: { _nextI18Next?: PageTranslations }; router?: { locale?: string } },
>(App: ComponentType<Props>, config?: { i18n: { defaultLocale: string } }): ComponentType<Props> {
  function AppWithTranslation(props: Props) {
    const shipped = props.pageProps?._nextI18Next ?? lastCopy;
    // In render on purpose (see lastCopy): the failing page never commits, so an effect would not run.
    // eslint-disable-next-line react-hooks/globals -- a cache of props, the same value on every render of them
    lastCopy = shipped;
    const language = shipped?.initialLocale ?? props.router?.locale ?? config?.i18n.defaultLocale ?? 'en';
    const store = shipped?.initialI18nStore;
    const lookup = useMemo(() => ({ language, namespaces: store?.[language] ?? {} }), [language, store]);
    return createElement(LookupContext.Provider, { value: lookup }, createElement(App, props));
  }
  return AppWithTranslation;
}
