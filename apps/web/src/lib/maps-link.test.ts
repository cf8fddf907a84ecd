import { describe, expect, it } from 'vitest';
import { directionsLink, mapsPlatformOf } from './maps-link';

const seattle = { lat: 47.6062, lon: -122.3321 };

describe('directionsLink', () => {
  it('opens Apple Maps with the destination and driving on Apple platforms', () => {
    expect(directionsLink(seattle, { platform: 'apple' })).toBe(
      'https://maps.apple.com/?daddr=47.6062,-122.3321&dirflg=d',
    );
    expect(directionsLink(seattle, { platform: 'apple', travelMode: 'walking' })).toBe(
      'https://maps.apple.com/?daddr=47.6062,-122.3321&dirflg=w',
    );
    // No cycling flag in Apple's scheme: the app's default.
    expect(directionsLink(seattle, { platform: 'apple', travelMode: 'bicycle' })).toBe(
      'https://maps.apple.com/?daddr=47.6062,-122.3321',
    );
  });

  it("opens Google Maps' directions with the destination and the travel mode elsewhere", () => {
    expect(directionsLink(seattle, { platform: 'other' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=47.6062,-122.3321&travelmode=driving',
    );
    expect(directionsLink(seattle, { platform: 'other', travelMode: 'bicycle' })).toContain(
      'travelmode=bicycling',
    );
    expect(directionsLink(seattle, { platform: 'other', travelMode: 'walking' })).toContain(
      'travelmode=walking',
    );
  });

  it('rounds coordinates to 6 decimals', () => {
    const url = directionsLink({ lat: 39.73915123456, lon: -104.9847 }, { platform: 'other' });
    expect(new URL(url!).searchParams.get('destination')).toBe('39.739151,-104.9847');
  });

  it('gives no link for a position that is not one', () => {
    expect(directionsLink({ lat: Number.NaN, lon: 0 }, { platform: 'other' })).toBeNull();
    expect(directionsLink({ lat: 91, lon: 0 }, { platform: 'apple' })).toBeNull();
    expect(directionsLink({ lat: 0, lon: -181 }, { platform: 'other' })).toBeNull();
  });
});

describe('mapsPlatformOf', () => {
  it('knows iPhone, iPad (desktop mode says Macintosh) and Mac as Apple; Android and Windows not', () => {
    expect(
      mapsPlatformOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      ),
    ).toBe('apple');
    expect(
      mapsPlatformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15'),
    ).toBe('apple');
    expect(
      mapsPlatformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126'),
    ).toBe('other');
    expect(mapsPlatformOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126')).toBe('other');
  });
});
