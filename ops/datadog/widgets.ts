// Small builders over the typed dashboard models of @datadog/datadog-api-client, so that each
// dashboard in ops/datadog/dashboards.ts reads as a list of questions ops ask.
import type { v1 } from '@datadog/datadog-api-client';

type DataSource = 'rum' | 'logs' | 'events';

export interface EventQuery {
  name: string;
  source: DataSource;
  search: string;
  aggregation: v1.FormulaAndFunctionEventAggregation;
  /** The measure aggregated (a p75 of LCP); none for a count. */
  measure?: string;
  groupBy?: { facet: string; limit: number };
}

/** One widget's place on the 12-column grid. */
export interface Place {
  x: number;
  y: number;
  width: number;
  height: number;
}

function eventQuery({
  name,
  source,
  search,
  aggregation,
  measure,
  groupBy,
}: EventQuery): v1.FormulaAndFunctionEventQueryDefinition {
  return {
    name,
    dataSource: source,
    search: { query: search },
    indexes: ['*'],
    compute: { aggregation, ...(measure && { metric: measure }) },
    groupBy: groupBy
      ? [
          {
            facet: groupBy.facet,
            limit: groupBy.limit,
            sort: { aggregation, order: 'desc', ...(measure && { metric: measure }) },
          },
        ]
      : [],
  };
}

const formulas = (list: ReadonlyArray<string | { formula: string; alias: string }>): v1.WidgetFormula[] =>
  list.map((item) => (typeof item === 'string' ? { formula: item } : { formula: item.formula, alias: item.alias }));

/** `overlay`: events (a deploy marker) drawn over the lines, as markers where each happened. */
export function timeseries(
  title: string,
  place: Place,
  queries: EventQuery[],
  formulaList: ReadonlyArray<string | { formula: string; alias: string }>,
  overlay?: EventQuery,
): v1.Widget {
  const definition: v1.TimeseriesWidgetDefinition = {
    type: 'timeseries',
    title,
    showLegend: true,
    requests: [
      {
        responseFormat: 'timeseries',
        displayType: 'line',
        queries: queries.map(eventQuery),
        formulas: formulas(formulaList),
      },
      ...(overlay
        ? [
            {
              responseFormat: 'timeseries' as const,
              displayType: 'overlay' as const,
              queries: [eventQuery(overlay)],
              formulas: formulas([overlay.name]),
            },
          ]
        : []),
    ],
  };
  return { definition, layout: place };
}

export function toplist(
  title: string,
  place: Place,
  queries: EventQuery[],
  formulaList: ReadonlyArray<string | { formula: string; alias: string }>,
): v1.Widget {
  const definition: v1.ToplistWidgetDefinition = {
    type: 'toplist',
    title,
    requests: [{ responseFormat: 'scalar', queries: queries.map(eventQuery), formulas: formulas(formulaList) }],
  };
  return { definition, layout: place };
}

export function queryValue(
  title: string,
  place: Place,
  queries: EventQuery[],
  formula: string,
  precision = 0,
): v1.Widget {
  const definition: v1.QueryValueWidgetDefinition = {
    type: 'query_value',
    title,
    precision,
    requests: [{ responseFormat: 'scalar', queries: queries.map(eventQuery), formulas: formulas([formula]) }],
  };
  return { definition, layout: place };
}

export function note(content: string, place: Place): v1.Widget {
  const definition: v1.NoteWidgetDefinition = { type: 'note', content, backgroundColor: 'gray', showTick: false };
  return { definition, layout: place };
}

/** A dashboard template variable: `$name` in a query filters on `prefix`. */
export const variable = (name: string, prefix: string): v1.DashboardTemplateVariable => ({
  name,
  prefix,
  availableValues: [],
  defaults: ['*'],
});
