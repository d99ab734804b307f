// Issue 9 §7: the map of the place and its neighbours, drawn from their coordinates.
import { describe, expect, it } from 'vitest';
import { layoutMap, MAP_SIZE, MIN_PIN_GAP } from '@/landing/map/layout';

const KINGS_CROSS = { lat: 51.5308, lng: -0.1238 };

describe('layoutMap', () => {
  it('puts the place in the middle', () => {
    expect(layoutMap(KINGS_CROSS, [{ lat: 51.5, lng: -0.12 }]).centre).toEqual({ x: MAP_SIZE.width / 2, y: MAP_SIZE.height / 2 });
  });

  it('draws north up and east right', () => {
    const [north, east, south, west] = layoutMap(KINGS_CROSS, [
      { lat: 51.54, lng: -0.1238 },
      { lat: 51.5308, lng: -0.11 },
      { lat: 51.52, lng: -0.1238 },
      { lat: 51.5308, lng: -0.14 },
    ]).pins;
    const { x, y } = { x: MAP_SIZE.width / 2, y: MAP_SIZE.height / 2 };
    expect(north!.y).toBeLessThan(y);
    expect(south!.y).toBeGreaterThan(y);
    expect(east!.x).toBeGreaterThan(x);
    expect(west!.x).toBeLessThan(x);
  });

  it('keeps distances in proportion on both axes (1 km east is as far as 1 km north)', () => {
    const kmLat = 1 / 111.32;
    const kmLng = kmLat / Math.cos((KINGS_CROSS.lat * Math.PI) / 180);
    const { centre, pins } = layoutMap(KINGS_CROSS, [
      { lat: KINGS_CROSS.lat + kmLat, lng: KINGS_CROSS.lng },
      { lat: KINGS_CROSS.lat, lng: KINGS_CROSS.lng + kmLng },
    ]);
    expect(centre.y - pins[0]!.y).toBeCloseTo(pins[1]!.x - centre.x, 5);
  });

  it('fits the farthest neighbour inside the map, with padding', () => {
    const pins = layoutMap(KINGS_CROSS, [
      { lat: 51.47, lng: -0.4543 },
      { lat: 51.5072, lng: -0.1276 },
    ]).pins;
    for (const pin of pins) {
      expect(pin.x).toBeGreaterThanOrEqual(MAP_SIZE.padding / 2);
      expect(pin.x).toBeLessThanOrEqual(MAP_SIZE.width - MAP_SIZE.padding / 2);
      expect(pin.y).toBeGreaterThanOrEqual(MAP_SIZE.padding / 2);
      expect(pin.y).toBeLessThanOrEqual(MAP_SIZE.height - MAP_SIZE.padding / 2);
    }
    expect(Math.min(...pins.map((pin) => pin.x))).toBeCloseTo(MAP_SIZE.padding, 5);
  });

  it('numbers the pins in the order of the list, and pushes pins on the same spot apart', () => {
    const { centre, pins } = layoutMap(KINGS_CROSS, [
      { lat: 51.532, lng: -0.1263 },
      { lat: 51.532, lng: -0.1263 },
      { lat: 51.5031, lng: -0.1132 },
    ]);
    expect(pins.map((pin) => pin.number)).toEqual([1, 2, 3]);
    const all = [centre, ...pins];
    for (const [i, a] of all.entries()) for (const b of all.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(MIN_PIN_GAP - 0.01);
  });
});
