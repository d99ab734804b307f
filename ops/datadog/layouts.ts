// `npm run ops:layouts`: a picture of each dashboard's layout, drawn from ops/datadog/dashboards.ts
// as an SVG in docs/ops/ (no Datadog account is reachable from the development machine, so this is
// how a reviewer sees a layout change). tests/unit/ops.layouts.test.ts keeps them in step.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { v1 } from '@datadog/datadog-api-client';
import type { OpsConfig } from '../../src/config/opsEnv';
import { dashboards } from './dashboards';

const COLUMN = 96;
const ROW = 56;
const GAP = 8;
const HEADER = 64;
const COLOURS: Record<string, string> = {
  timeseries: '#e8f0fe',
  toplist: '#fef3e2',
  query_value: '#e6f4ea',
  note: '#f1f3f4',
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** About the width of a character of the 14 px bold label. */
const CHARACTER = 8.2;

/** A widget's label, cut to its box: its title, or a note's first words. */
function label(definition: v1.WidgetDefinition, boxWidth: number): string {
  const { title, content } = definition as { title?: string; content?: string };
  const text = title ?? content ?? '';
  const fits = Math.floor((boxWidth - 20) / CHARACTER);
  return text.length > fits ? `${text.slice(0, fits - 1)}…` : text;
}

export function layoutSvg(dashboard: v1.Dashboard): string {
  const bottom = Math.max(...dashboard.widgets.map(({ layout }) => (layout ? layout.y + layout.height : 0)));
  const width = 12 * COLUMN + GAP;
  const height = HEADER + bottom * ROW + GAP;
  const variables = (dashboard.templateVariables ?? []).map((variable) => `$${variable.name}`).join('  ');
  const boxes = dashboard.widgets.map(({ definition, layout }) => {
    if (!layout) throw new Error(`${dashboard.title}: a widget without a layout`);
    const [x, y, w, h] = [
      layout.x * COLUMN + GAP,
      HEADER + layout.y * ROW + GAP,
      layout.width * COLUMN - GAP,
      layout.height * ROW - GAP,
    ];
    const type = (definition as { type: string }).type;
    return [
      `  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${COLOURS[type] ?? '#fff'}" stroke="#9aa0a6"/>`,
      `  <text x="${x + 10}" y="${y + 22}" font-size="14" font-weight="600">${escape(label(definition, w))}</text>`,
      `  <text x="${x + 10}" y="${y + 40}" font-size="12" fill="#5f6368">${type.replace('_', ' ')}</text>`,
    ].join('\n');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">`,
    `  <rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `  <text x="${GAP}" y="28" font-size="20" font-weight="700">${escape(dashboard.title)}</text>`,
    `  <text x="${GAP}" y="50" font-size="13" fill="#5f6368">Template variables: ${escape(variables)}</text>`,
    ...boxes,
    '</svg>',
    '',
  ].join('\n');
}

export const LAYOUT_DIR = resolve(__dirname, '..', '..', 'docs', 'ops');
/** Where each widget sits does not depend on the account's settings; these only fill the queries. */
const LAYOUT_CONFIG: OpsConfig = {
  env: 'production',
  rumApplicationId: 'application',
  notify: { critical: [], warning: [] },
  synthetics: { locations: [], tickEverySeconds: 180 },
};
export const layouts = () =>
  dashboards(LAYOUT_CONFIG).map(({ opsId, dashboard }) => ({
    file: join(LAYOUT_DIR, `${opsId}.svg`),
    svg: layoutSvg(dashboard),
  }));

if (process.argv[1] && resolve(process.argv[1]) === __filename) {
  for (const { file, svg } of layouts()) writeFileSync(file, svg);
  console.log(`Wrote ${layouts().length} layouts to docs/ops/.`);
}
