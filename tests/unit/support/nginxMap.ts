/**
 * One nginx map of a configuration, as a function: its lines in order, the first that matches
 * wins (`~` a regular expression, `~*` one without regard to case, else the exact string), then
 * `default`. A value may name the expression's captures (`$name`). PCRE and JavaScript read these
 * expressions alike.
 */
export function nginxMap(text: string, source: string, variable: string): (input: string) => string {
  const body = new RegExp(`map ${source.replace(/[$|{}]/g, '\\$&')} \\$${variable} \\{\\n([\\s\\S]*?)\\n  \\}`).exec(
    text,
  )?.[1];
  if (!body) throw new Error(`no map of ${source} to $${variable}`);
  const unquoted = (value: string) => value.replace(/^"(.*)"$/, '$1');
  const lines = body
    .split('\n')
    .map((line) => /^\s*(?:"([^"]*)"|(default)) (\S+);$/.exec(line)!)
    .map(([, key, isDefault, value]) => ({ key, isDefault, value: unquoted(value!) }));
  return (input) => {
    for (const { key, isDefault, value } of lines) {
      if (isDefault) continue;
      const match = key!.startsWith('~')
        ? new RegExp(key!.replace(/^~\*?/, ''), key!.startsWith('~*') ? 'i' : '').exec(input)
        : key === input
          ? ({ groups: {} } as unknown as RegExpExecArray)
          : null;
      if (match) return value.replace(/\$(\w+)/g, (_, name: string) => match.groups?.[name] ?? '');
    }
    return lines.find((line) => line.isDefault)?.value ?? '';
  };
}
