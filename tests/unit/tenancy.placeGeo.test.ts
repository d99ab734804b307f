// Issue 39 item 7: the tolerances of src/tenancy/placeGeo.ts, pinned at their edges. Borders as
// country-coder draws them: the 49th parallel at 100° W (US | Canada, at 49.00039° N here) and the
// 141st meridian at 65° N (Alaska | Yukon, at 140.99596° W).
import { distanceKm } from '@/base/greatCircle';
import {
  BORDER_TOLERANCE_KM,
  cityDistanceProblem,
  countryName,
  countryProblem,
  isCityPart,
  MAX_KM_FROM_CITY,
} from '@/tenancy/placeGeo';

const KM_PER_DEGREE = 111.32;
const PARALLEL = { lat: 49.00039, lng: -100 };
const MERIDIAN = { lat: 65, lng: -140.99596 };
const lngKm = (km: number, lat: number) => km / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));

describe(`a place may stand up to ${BORDER_TOLERANCE_KM} km outside its country, on every side`, () => {
  it.each([
    [
      'north of the US (in Canada)',
      'US',
      (km: number) => ({ lat: PARALLEL.lat + km / KM_PER_DEGREE, lng: PARALLEL.lng }),
    ],
    [
      'south of Canada (in the US)',
      'CA',
      (km: number) => ({ lat: PARALLEL.lat - km / KM_PER_DEGREE, lng: PARALLEL.lng }),
    ],
    [
      'east of Alaska (in Yukon)',
      'US',
      (km: number) => ({ lat: MERIDIAN.lat, lng: MERIDIAN.lng + lngKm(km, MERIDIAN.lat) }),
    ],
    [
      'west of Yukon (in Alaska)',
      'CA',
      (km: number) => ({ lat: MERIDIAN.lat, lng: MERIDIAN.lng - lngKm(km, MERIDIAN.lat) }),
    ],
  ])('%s: 0.8 km out is accepted, 1.3 km out is not', (_side, country, at) => {
    expect(countryProblem({ ...at(0.8), country })).toBeUndefined();
    expect(countryProblem({ ...at(1.3), country })).toMatch(
      new RegExp(
        `is in (Canada|United States of America) .*, not in its country ${countryName(country).replace(/[()]/g, '\\$&')}`,
      ),
    );
  });
});

describe('the rest of placeGeo', () => {
  it('a city is no part of a city: only stations, airports and landmarks are measured from one', () => {
    expect(['station', 'airport', 'landmark'].every(isCityPart)).toBe(true);
    expect(['city', 'harbour', undefined, 3].some(isCityPart)).toBe(false);
  });

  it('names a country it has no borders for by its code', () => {
    expect(countryName('AT')).toBe('Austria (AT)');
    expect(countryName('QQ')).toBe('QQ (QQ)');
  });

  it(`measures a station at most ${MAX_KM_FROM_CITY.station} km from its city`, () => {
    const city = { lat: 0, lng: 0 };
    const at = (km: number) => ({ lat: (km / 6371.0088) * (180 / Math.PI), lng: 0 });
    expect(distanceKm(at(29.99), city)).toBeCloseTo(29.99, 6);
    expect(cityDistanceProblem('station', at(29.99), 'x', city)).toBeUndefined();
    expect(cityDistanceProblem('station', at(30.01), 'x', city)).toBe(
      '30 km from its city "x"; stations are at most 30 km from theirs: check lat, lng and city',
    );
  });
});
