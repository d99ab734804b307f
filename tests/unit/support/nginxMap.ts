/** One parameter of an nginx directive: a quoted string as nginx reads it (`\\`, `\"`, `\'`, `\t`, `\r`, `\n`), or a bare word. */
const PARAMETER = /"((?:[^"\\]|\\.)*)"|([^\s;"]+)/g;
const unquoted = (quoted: string) =>
  quoted.replace(/\\(["'\\trn])/g, (_, escaped: string) =>
    escaped === 't' ? '\t' : escaped === 'r' ? '\r' : escaped === 'n' ? '\n' : escaped,
  );

/** The keys and values of an nginx map's lines, as nginx reads them. */
export function nginxMapLines(text: string, source: string, variable: string): { key: string; value: string }[] {
  const body = new RegExp(`map ${source.replace(/[$|{}]/g, '\\$&')} \\$${variable} \\{\\n([\\s\\S]*?)\\n\\s*\\}`).exec(
    text,
  )?.[1];
  if (!body) throw new Error(`no map of ${source} to $${variable}`);
  return body.split('\n').map((line) => {
    const [key, value, ...rest] = [...line.matchAll(PARAMETER)].map(([, quoted, bare]) =>
      quoted !== undefined ? unquoted(quoted) : bare!,
    );
    if (key === undefined || value === undefined || rest.length > 0 || !line.trimEnd().endsWith(';'))
      throw new Error(`not a map line: ${line}`);
    return { key, value };
  });
}

/**
 * One nginx map of a configuration, as a function, by nginx's rules: an exact key first, compared
 * without regard to case, then each regular expression in order (`~`, or `~*` without regard to
 * case), then `default`. A value may name the expression's captures or other variables (`$name`,
 * `${name}`), which `variables` gives. PCRE and JavaScript read the configuration's expressions
 * alike (what the rules in src/ keep to).
 */
export function nginxMap(
  text: string,
  source: string,
  variable: string,
): (input: string, variables?: Record<string, string>) => string {
  const lines = nginxMapLines(text, source, variable);
  const exact = new Map<string, string>();
  for (const { key, value } of lines)
    if (key !== 'default' && !key.startsWith('~')) {
      if (exact.has(key.toLowerCase())) throw new Error(`$${variable}: nginx refuses the conflicting key ${key}`);
      exact.set(key.toLowerCase(), value);
    }
  const regexes = lines
    .filter(({ key }) => key.startsWith('~'))
    .map(({ key, value }) => ({
      pattern: new RegExp(key.replace(/^~\*?/, ''), key.startsWith('~*') ? 'i' : ''),
      value,
    }));
  const fallback = lines.find(({ key }) => key === 'default')?.value ?? '';
  const filled = (value: string, groups: Record<string, string | undefined>, variables: Record<string, string>) =>
    value.replace(/\$\{?(\w+)\}?/g, (_, name: string) => groups[name] ?? variables[name] ?? '');
  return (input, variables = {}) => {
    const found = exact.get(input.toLowerCase());
    if (found !== undefined) return filled(found, {}, variables);
    for (const { pattern, value } of regexes) {
      const match = pattern.exec(input);
      if (match) return filled(value, match.groups ?? {}, variables);
    }
    return filled(fallback, {}, variables);
  };
}
