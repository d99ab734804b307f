import { findNodeAtLocation, parse, parseTree, printParseErrorCode, visit, type ParseError } from 'jsonc-parser';
import type { JsonPath } from './types';

/** A tenant file read as JSON, or where a marketer's edit broke it, each mistake with its line. */
export type TenantJson = { ok: true; value: unknown } | { ok: false; messages: string[] };

/**
 * Parses a tenant file; a syntax error names the line and column (V8's message gives at best an
 * offset), and a key given twice in one object names both lines: JSON.parse keeps the last one, so
 * a place added again under a name the file already has would silently replace the first.
 */
export function parseTenantJson(file: string, text: string): TenantJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Strict JSON, as JSON.parse reads it: no comments, no trailing commas.
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const { offset = text.length, error } = errors[0] ?? {};
    const lines = text.slice(0, offset).split('\n');
    // "CommaExpected" → "comma expected"
    const reason =
      error === undefined
        ? 'unreadable'
        : printParseErrorCode(error)
            .replace(/(?<=.)([A-Z])/g, ' $1')
            .toLowerCase();
    return {
      ok: false,
      messages: [
        `tenants/${file}: line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}: ${reason} (not valid JSON)`,
      ],
    };
  }
  const duplicates = duplicateKeys(text).map(
    ({ key, within, first, again }) =>
      `tenants/${file}: line ${again}: ${JSON.stringify(key)} is already a key of ${within.length > 0 ? within.join('.') : 'the file'} at line ${first}: JSON keeps only the last of the two, so remove one or give it a name of its own`,
  );
  return duplicates.length > 0 ? { ok: false, messages: duplicates } : { ok: true, value };
}

/** Every key that an object of the text has twice: where, and the lines (1-based) of both. */
function duplicateKeys(text: string): Array<{ key: string; within: JsonPath; first: number; again: number }> {
  const objects: Array<Map<string, number>> = [];
  const found: Array<{ key: string; within: JsonPath; first: number; again: number }> = [];
  visit(text, {
    onObjectBegin: () => void objects.push(new Map()),
    onObjectEnd: () => void objects.pop(),
    onObjectProperty: (key, _offset, _length, startLine, _startCharacter, pathSupplier) => {
      const keys = objects.at(-1);
      const first = keys?.get(key);
      if (first === undefined) keys?.set(key, startLine + 1);
      else found.push({ key, within: pathSupplier(), first, again: startLine + 1 });
    },
  });
  return found;
}

/**
 * The line (1-based) of a value of a parsed tenant file by its path, or of the nearest value that
 * holds it when the path names a field the entry lacks; undefined outside the file.
 */
export function lineLocator(text: string): (path: JsonPath) => number | undefined {
  const tree = parseTree(text);
  return (path) => {
    if (!tree) return undefined;
    for (let at = path; ; at = at.slice(0, -1)) {
      const node = findNodeAtLocation(tree, at);
      if (node) return text.slice(0, node.offset).split('\n').length;
      if (at.length === 0) return undefined;
    }
  };
}
