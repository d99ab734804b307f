import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** A tenant file read as JSON, or where a marketer's edit broke it, as a line and column. */
export type TenantJson = { ok: true; value: unknown } | { ok: false; message: string };

/** Parses a tenant file; a syntax error names the line and column (V8's message gives at best an offset). */
export function parseTenantJson(file: string, text: string): TenantJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Strict JSON, as JSON.parse reads it: no comments, no trailing commas.
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const { offset = text.length, error } = errors[0] ?? {};
    const lines = text.slice(0, offset).split('\n');
    // "CommaExpected" → "comma expected"
    const reason = error === undefined ? 'unreadable' : printParseErrorCode(error).replace(/(?<=.)([A-Z])/g, ' $1').toLowerCase();
    return { ok: false, message: `tenants/${file}: line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}: ${reason} (not valid JSON)` };
  }
}
