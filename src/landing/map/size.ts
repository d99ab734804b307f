/** The map's drawing area, in SVG units. */
export interface MapSize {
  width: number;
  height: number;
  /** Room kept free around the outermost pins. */
  padding: number;
}

/** Apart from the layout (drawn on the server), so the browser gets the size alone. */
export const MAP_SIZE: MapSize = { width: 480, height: 280, padding: 28 };
