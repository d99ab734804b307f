/** An i18next namespace: text, or nested groups of text. */
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

/** Namespaces by locale, then by name: i18next's resource shape. */
export type Resources = Record<string, Record<string, TranslationTree>>;

/**
 * The copy a page renders, by namespace: the paths of the texts or groups of texts it shows
 * (`legal: ['links']`, the footer's link labels), or `true` for the whole namespace. The page's
 * HTML carries only these (keepRendered).
 */
export type PageCopy = Readonly<Record<string, true | readonly string[]>>;

/** The copy of several parts of a page together, e.g. the shell's and the view's own. */
export function withCopy(...copies: PageCopy[]): PageCopy {
  const merged: Record<string, true | string[]> = {};
  for (const copy of copies) {
    for (const [namespace, paths] of Object.entries(copy)) {
      const current = merged[namespace];
      merged[namespace] = current === true || paths === true ? true : [...(current ?? []), ...paths];
    }
  }
  return merged;
}

/** Copies `path` of `from` into `into`, sharing no node `into` could later write to. */
function copyPath(from: TranslationTree, into: TranslationTree, path: string, missing: () => Error): void {
  const parts = path.split('.');
  let source: TranslationTree = from;
  let target: TranslationTree = into;
  for (const [index, part] of parts.entries()) {
    const value = Object.hasOwn(source, part) ? source[part] : undefined;
    if (value === undefined) throw missing();
    // Already copied whole under a shorter path.
    if (target[part] === value) return;
    if (index === parts.length - 1) {
      target[part] = value;
      return;
    }
    if (typeof value === 'string') throw missing();
    const next = target[part];
    target = target[part] = typeof next === 'object' ? next : {};
    source = value;
  }
}

/**
 * The store a page ships: its own locale, with only the copy it renders. Every locale has every
 * key (tests/unit/i18n.test.ts), so the fallback language i18next loads as well is never shown and
 * stays out. A path the namespace lacks throws: the page would show the bare key.
 */
export function keepRendered(store: Resources, locale: string, copy: PageCopy): Resources {
  const namespaces = store[locale] ?? {};
  const kept: Record<string, TranslationTree> = {};
  for (const [namespace, paths] of Object.entries(copy)) {
    const tree = namespaces[namespace] ?? {};
    if (paths === true) {
      kept[namespace] = tree;
      continue;
    }
    kept[namespace] = {};
    for (const path of paths)
      copyPath(tree, kept[namespace], path, () => new Error(`${namespace}:${path} is not in the ${locale} copy`));
  }
  return { [locale]: kept };
}
