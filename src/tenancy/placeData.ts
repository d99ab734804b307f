import placesFile from '../../tenants/places.json';
import type { Place } from './types';

/** Place facts keyed by slug; validated with the tenant map. Server-side only: pages pass what they need. */
export const PLACES: Readonly<Record<string, Place>> = placesFile.places as Record<string, Place>;
