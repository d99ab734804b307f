/**
 * Issue 9 §7: a small map of the place and its neighbours, drawn from their coordinates alone (no
 * tiles, no request). An equirectangular projection around the place is true enough at city scale:
 * east is right, north is up, and distances keep their proportions.
 */

export interface Coordinates {
  lat: number;
  lng: number;
}

export interface MapSize {
  width: number;
  height: number;
  /** Room kept free around the outermost pins. */
  padding: number;
}

export interface Pin {
  /** 1-based, as the list beside the map numbers the neighbours. */
  number: number;
  x: number;
  y: number;
}

export interface MapLayout {
  centre: { x: number; y: number };
  pins: Pin[];
}

export const MAP_SIZE: MapSize = { width: 480, height: 280, padding: 28 };
/** Pins closer than this (in map units) are pushed apart so both numbers stay readable. */
export const MIN_PIN_GAP = 26;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function layoutMap(place: Coordinates, neighbours: readonly Coordinates[], size: MapSize = MAP_SIZE): MapLayout {
  const centre = { x: size.width / 2, y: size.height / 2 };
  const cosLat = Math.cos(toRadians(place.lat));
  // Offsets in degrees of latitude, so one unit is the same distance on both axes.
  const offsets = neighbours.map(({ lat, lng }) => ({ dx: (lng - place.lng) * cosLat, dy: place.lat - lat }));
  const reachX = Math.max(...offsets.map(({ dx }) => Math.abs(dx)), Number.EPSILON);
  const reachY = Math.max(...offsets.map(({ dy }) => Math.abs(dy)), Number.EPSILON);
  const scale = Math.min((centre.x - size.padding) / reachX, (centre.y - size.padding) / reachY);
  const pins = offsets.map(({ dx, dy }, index) => ({ number: index + 1, x: centre.x + dx * scale, y: centre.y + dy * scale }));
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
