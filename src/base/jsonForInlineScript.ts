// `<` could close the script element (`</script>`) or open a comment; `>` and `&` complete the
// set HTML parsers treat specially; U+2028/2029 end lines in pre-ES2019 JavaScript parsers.
const UNSAFE_IN_SCRIPT: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON to place inside an inline `<script>` (via dangerouslySetInnerHTML); parses back to the same value. */
export function jsonForInlineScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char] ?? char);
}
