import { MAP_SIZE, type MapSize } from './size';

/**
 * A small map of the place and its neighbours, drawn from their coordinates alone (no
 * tiles, no request). Schematic: an equirectangular projection around the place (true enough at
 * city scale: east is right, north is up) with distances from the place shortened to their square
 * root, so a far neighbour does not crowd the near ones into one corner. Direction is kept, and a
 * farther place stays farther. The drawing is then fitted to the map. Laid out in getStaticProps:
 * the page carries the pins, not this code.
 */

export interface Coordinates {
  lat: number;
  lng: number;
}

interface Pin {
  /** 1-based, as the list beside the map numbers the neighbours. */
  number: number;
  x: number;
  y: number;
}

export interface MapLayout {
  /** Where the place itself is drawn. */
  centre: { x: number; y: number };
  pins: Pin[];
}

/** Pins closer than this (in map units) are pushed apart so both numbers stay readable. */
export const MIN_PIN_GAP = 26;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function layoutMap(place: Coordinates, neighbours: readonly Coordinates[], size: MapSize = MAP_SIZE): MapLayout {
  const cosLat = Math.cos(toRadians(place.lat));
  // Offsets in degrees of latitude (one unit is the same distance on both axes), y growing south.
  const offsets = neighbours.map(({ lat, lng }) => {
    const [dx, dy] = [(lng - place.lng) * cosLat, place.lat - lat];
    const distance = Math.hypot(dx, dy);
    const shortened = distance === 0 ? 0 : Math.sqrt(distance) / distance;
    return { x: dx * shortened, y: dy * shortened };
  });
  const all = [{ x: 0, y: 0 }, ...offsets];
  const [minX, maxX] = [Math.min(...all.map((p) => p.x)), Math.max(...all.map((p) => p.x))];
  const [minY, maxY] = [Math.min(...all.map((p) => p.y)), Math.max(...all.map((p) => p.y))];
  const inner = { width: size.width - 2 * size.padding, height: size.height - 2 * size.padding };
  const scale = Math.min(
    inner.width / Math.max(maxX - minX, Number.EPSILON),
    inner.height / Math.max(maxY - minY, Number.EPSILON),
  );
  // Centred in the map whatever shape the drawing has.
  const left = size.padding + (inner.width - (maxX - minX) * scale) / 2;
  const top = size.padding + (inner.height - (maxY - minY) * scale) / 2;
  const at = ({ x, y }: { x: number; y: number }) => ({ x: left + (x - minX) * scale, y: top + (y - minY) * scale });
  const centre = at({ x: 0, y: 0 });
  const pins = offsets.map((offset, index) => ({ number: index + 1, ...at(offset) }));
  return { centre, pins: spreadPins(pins, centre, size) };
}

/** Pushes overlapping pins (and pins on the place's own marker) apart, then keeps them inside the map. */
function spreadPins(pins: Pin[], centre: { x: number; y: number }, size: MapSize): Pin[] {
  const spread = pins.map((pin) => ({ ...pin }));
  const fixed = { number: 0, ...centre };
  for (let round = 0; round < 30; round += 1) {
    let moved = false;
    for (const [index, pin] of spread.entries()) {
      for (const other of [fixed, ...spread.slice(0, index)]) {
        const dx = pin.x - other.x;
        const dy = pin.y - other.y;
        const gap = Math.hypot(dx, dy);
        if (gap >= MIN_PIN_GAP) continue;
        // Same spot: step aside to the east-south-east, then keep pushing along the line between them.
        const [ux, uy] = gap === 0 ? [0.9, 0.44] : [dx / gap, dy / gap];
        pin.x = other.x + ux * MIN_PIN_GAP;
        pin.y = other.y + uy * MIN_PIN_GAP;
        moved = true;
      }
      pin.x = Math.min(size.width - size.padding / 2, Math.max(size.padding / 2, pin.x));
      pin.y = Math.min(size.height - size.padding / 2, Math.max(size.padding / 2, pin.y));
    }
    if (!moved) break;
  }
  return spread;
}
