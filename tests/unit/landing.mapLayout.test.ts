// The map of the place and its neighbours, drawn from their coordinates.
import { describe, expect, it } from 'vitest';
import { layoutMap, MIN_PIN_GAP } from '@/landing/map/layout';
import { MAP_SIZE } from '@/landing/map/size';

const KINGS_CROSS = { lat: 51.5308, lng: -0.1238 };
const inside = ({ x, y }: { x: number; y: number }) =>
  x >= MAP_SIZE.padding / 2 &&
  x <= MAP_SIZE.width - MAP_SIZE.padding / 2 &&
  y >= MAP_SIZE.padding / 2 &&
  y <= MAP_SIZE.height - MAP_SIZE.padding / 2;

describe('layoutMap', () => {
  it('draws north up and east right of the place', () => {
    const { centre, pins } = layoutMap(KINGS_CROSS, [
      { lat: 51.54, lng: -0.1238 },
      { lat: 51.5308, lng: -0.11 },
      { lat: 51.52, lng: -0.1238 },
      { lat: 51.5308, lng: -0.14 },
    ]);
    const [north, east, south, west] = pins;
    expect(north!.y).toBeLessThan(centre.y);
    expect(south!.y).toBeGreaterThan(centre.y);
    expect(east!.x).toBeGreaterThan(centre.x);
    expect(west!.x).toBeLessThan(centre.x);
    expect(Math.abs(north!.x - centre.x)).toBeLessThan(0.01);
  });

  it('keeps each direction and keeps a farther place farther, 1 km east as far as 1 km north', () => {
    const kmLat = 1 / 111.32;
    const kmLng = kmLat / Math.cos((KINGS_CROSS.lat * Math.PI) / 180);
    const { centre, pins } = layoutMap(KINGS_CROSS, [
      { lat: KINGS_CROSS.lat + kmLat, lng: KINGS_CROSS.lng },
      { lat: KINGS_CROSS.lat, lng: KINGS_CROSS.lng + kmLng },
      { lat: KINGS_CROSS.lat, lng: KINGS_CROSS.lng - 4 * kmLng },
    ]);
    const [north, east, farWest] = pins.map((pin) => ({ dx: pin.x - centre.x, dy: pin.y - centre.y }));
    expect(-north!.dy).toBeCloseTo(east!.dx, 5);
    // 4 km is drawn twice as far as 1 km: shortened, never reordered.
    expect(-farWest!.dx).toBeCloseTo(2 * east!.dx, 5);
  });

  it('fits the place and every neighbour inside the map, airport-style lopsided ones too', () => {
    const heathrow = { lat: 51.47, lng: -0.4543 };
    const layout = layoutMap(heathrow, [
      { lat: 51.5072, lng: -0.1276 },
      { lat: 51.5308, lng: -0.1238 },
      { lat: 51.5154, lng: -0.1755 },
    ]);
    for (const point of [layout.centre, ...layout.pins]) expect(inside(point)).toBe(true);
    // The drawing spans the map rather than crowding one side of a fixed centre.
    const xs = [layout.centre, ...layout.pins].map((point) => point.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(MAP_SIZE.width / 2);
  });

  it('numbers the pins in the order of the list, and pushes pins on the same spot apart', () => {
    const { centre, pins } = layoutMap(KINGS_CROSS, [
      { lat: 51.532, lng: -0.1263 },
      { lat: 51.532, lng: -0.1263 },
      { lat: 51.5031, lng: -0.1132 },
    ]);
    expect(pins.map((pin) => pin.number)).toEqual([1, 2, 3]);
    const all = [centre, ...pins];
    for (const [i, a] of all.entries())
      for (const b of all.slice(i + 1))
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(MIN_PIN_GAP - 0.01);
  });
});
