// Issue 36 item 2: the privacy policy lists each field each processor receives
// (src/consent/processorFields.ts); tests/e2e/consent.spec.ts compares the list with the collectors.
import { describe, expect, it } from 'vitest';
import { DATA_KINDS, fieldPaths, kindOfField, PROCESSOR_FIELDS, type FieldList } from '@/consent/processorFields';

const FIELDS: FieldList = {
  page: ['view.url', 'events[].event_properties.[Amplitude] Page *'],
  campaign: ['user_properties.$set.utm_*'],
  performance: ['view.**'],
  device: ['display.viewport.*'],
  ipAddress: [],
};

describe('the kind a received field belongs to', () => {
  it.each([
    ['view.url', 'page'],
    ['view.url.extra', 'performance'],
    ['view.first_byte', 'performance'],
    ['view.performance.lcp.resource_url', 'performance'],
    ['events[].event_properties.[Amplitude] Page Path', 'page'],
    ['events[].event_properties.[Amplitude] Page', undefined],
    ['events.event_properties.[Amplitude] Page Path', undefined],
    ['user_properties.$set.utm_source', 'campaign'],
    ['user_properties.$set.utm_', 'campaign'],
    ['user_properties.$set.utm_source.deeper', undefined],
    ['user_properties.$setXutm_source', undefined],
    ['user_properties.$set.email', undefined],
    ['display.viewport.width', 'device'],
    ['display.viewport', undefined],
    ['view', 'performance'],
    ['views.url', undefined],
    ['xview.url', undefined],
    ['viiew.url', undefined],
    ['view.urlx', 'performance'],
    ['', undefined],
  ] as const)('%s → %s', (field, kind) => {
    expect(kindOfField(FIELDS, field)).toBe(kind);
  });

  it('reads `**` only at a pattern’s end, and every other sign in a name as itself', () => {
    const fields: FieldList = { page: ['x.**.y'], technical: ['a+b.(c)|d', 'e?f'] };
    expect(kindOfField(fields, 'x.a.y')).toBe('page');
    expect(kindOfField(fields, 'x')).toBeUndefined();
    expect(kindOfField(fields, 'a+b.(c)|d')).toBe('technical');
    expect(kindOfField(fields, 'aab.c')).toBeUndefined();
    expect(kindOfField(fields, 'f')).toBeUndefined();
  });

  it('goes to the first kind in the policy’s order, whatever the list’s', () => {
    expect(kindOfField({ performance: ['view.**'], page: ['view.url'] }, 'view.url')).toBe('page');
  });

  it('has every processor’s fields under a kind the policy knows, each once', () => {
    for (const [processor, fields] of Object.entries(PROCESSOR_FIELDS)) {
      expect(
        Object.keys(fields).filter((kind) => !(DATA_KINDS as readonly string[]).includes(kind)),
        processor,
      ).toEqual([]);
      const names = Object.values(fields).flat();
      expect(names.length - new Set(names).size, `${processor}: repeated fields`).toBe(0);
    }
  });
});

describe('the fields of a payload', () => {
  it('names each leaf once, lists by []', () => {
    expect(
      fieldPaths({
        api_key: 'k',
        events: [{ device_id: 'd', event_properties: { 'a.b': 1, list: [1, 2], none: null } }, { device_id: 'e' }],
        empty: {},
      }),
    ).toEqual([
      'api_key',
      'events[].device_id',
      'events[].event_properties.a.b',
      'events[].event_properties.list[]',
      'events[].event_properties.none',
      'empty',
    ]);
  });

  it('has none for a bare value', () => {
    expect(fieldPaths('text')).toEqual([]);
    expect(fieldPaths([])).toEqual([]);
  });
});
