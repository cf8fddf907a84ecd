/** Places used across the maps tests (city centres, GeoNames coordinates). */
export const places = {
  seattle: { lat: 47.6062, lon: -122.3321 },
  bellevue: { lat: 47.6104, lon: -122.2007 },
  tacoma: { lat: 47.2529, lon: -122.4443 },
  everett: { lat: 47.979, lon: -122.2021 },
  paris: { lat: 48.8534, lon: 2.3488 },
  london: { lat: 51.5085, lon: -0.1257 },
} as const;
