/**
 * 'Open in Maps': directions to a place in the platform's maps app, so whoever must leave now can
 * start from the page that told them. On Apple platforms Apple Maps (maps.apple.com opens the app);
 * elsewhere Google Maps' directions URL (opens the app on Android, the web page on a desktop).
 * Pure: the platform is read from the user agent by the caller's `mapsPlatformOf`.
 */

export type MapsPlatform = 'apple' | 'other';
export type MapsTravelMode = 'car' | 'bicycle' | 'walking';

/** Apple devices: iPhone, iPad (iPadOS says Macintosh, but with touch), iPod, and Macs. */
export function mapsPlatformOf(userAgent: string): MapsPlatform {
  return /iPhone|iPad|iPod|Macintosh|Mac OS X/i.test(userAgent) ? 'apple' : 'other';
}

/** The browser's platform (for pages); 'other' outside a browser. */
export function currentMapsPlatform(): MapsPlatform {
  return typeof navigator === 'undefined' ? 'other' : mapsPlatformOf(navigator.userAgent);
}

const APPLE_FLAG: Record<MapsTravelMode, string | null> = {
  car: 'd',
  walking: 'w',
  // Apple's URL scheme has no cycling flag: the app picks its default.
  bicycle: null,
};
const GOOGLE_MODE: Record<MapsTravelMode, string> = {
  car: 'driving',
  bicycle: 'bicycling',
  walking: 'walking',
};

/** The query with its commas as they are ('daddr=47.6062,-122.3321'): valid there, and readable. */
const query = (params: URLSearchParams) => params.toString().replace(/%2C/gi, ',');

/** 6 decimals (about 0.1 m), no trailing zeros: '47.6062,-122.3321'. */
const coordinate = (x: number) => String(Number(x.toFixed(6)));

/**
 * The directions link to `destination` with the travel mode, or null for a position that is not
 * one (non-finite, latitude beyond ±90, longitude beyond ±180).
 */
export function directionsLink(
  destination: { lat: number; lon: number },
  { platform, travelMode = 'car' }: { platform: MapsPlatform; travelMode?: MapsTravelMode },
): string | null {
  const { lat, lon } = destination;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  const at = `${coordinate(lat)},${coordinate(lon)}`;
  if (platform === 'apple') {
    const params = new URLSearchParams({ daddr: at });
    const flag = APPLE_FLAG[travelMode];
    if (flag) params.set('dirflg', flag);
    return `https://maps.apple.com/?${query(params)}`;
  }
  const params = new URLSearchParams({
    api: '1',
    destination: at,
    travelmode: GOOGLE_MODE[travelMode],
  });
  return `https://www.google.com/maps/dir/?${query(params)}`;
}
