/**
 * The fake Photon's built-in places: the cities the provider contract uses, a few namesakes, and
 * points of interest (cafes, restaurants, bars and a pub, parks, stations, malls, town halls)
 * around Seattle and Paris. Coordinates and addresses as OpenStreetMap has them (rounded).
 */

/** One place as the fake stores it: a Photon feature's properties, its position, its prominence. */
export interface FakePhotonPlace {
  lat: number;
  lon: number;
  /** 0..1, Photon's "importance": larger places rank first among equally good matches. */
  importance?: number;
  properties: {
    osm_type: 'N' | 'W' | 'R';
    osm_id: number;
    osm_key: string;
    osm_value: string;
    name?: string;
    housenumber?: string;
    street?: string;
    postcode?: string;
    city?: string;
    district?: string;
    county?: string;
    state?: string;
    country?: string;
    countrycode?: string;
  };
}

const us = (state: string) => ({ state, country: 'United States', countrycode: 'US' });
const wa = { ...us('Washington'), county: 'King County' };
const seattle = { ...wa, city: 'Seattle' };
const paris = { city: 'Paris', state: 'Île-de-France', country: 'France', countrycode: 'FR' };

const city = (
  osm_id: number,
  name: string,
  lat: number,
  lon: number,
  importance: number,
  where: { state: string; country: string; countrycode: string; county?: string },
  osm_value = 'city',
): FakePhotonPlace => ({
  lat,
  lon,
  importance,
  properties: { osm_type: 'N', osm_id, osm_key: 'place', osm_value, name, ...where },
});

const poi = (
  osm_type: 'N' | 'W',
  osm_id: number,
  tag: string,
  name: string,
  lat: number,
  lon: number,
  address: { housenumber?: string; street?: string; postcode?: string },
  where: typeof seattle | typeof paris,
): FakePhotonPlace => {
  const [osm_key, osm_value] = tag.split(':') as [string, string];
  return {
    lat,
    lon,
    importance: 0.2,
    properties: { osm_type, osm_id, osm_key, osm_value, name, ...address, ...where },
  };
};

export const FAKE_PHOTON_PLACES: readonly FakePhotonPlace[] = [
  city(237385, 'Seattle', 47.6038321, -122.330062, 0.8, wa),
  city(237386, 'Tacoma', 47.2495798, -122.4398746, 0.6, {
    ...us('Washington'),
    county: 'Pierce County',
  }),
  city(237387, 'Bellevue', 47.6144219, -122.192337, 0.55, wa),
  city(237388, 'Everett', 47.9673056, -122.2013998, 0.5, {
    ...us('Washington'),
    county: 'Snohomish County',
  }),
  city(186579, 'Portland', 45.5202471, -122.674194, 0.75, {
    ...us('Oregon'),
    county: 'Multnomah County',
  }),
  city(186580, 'Portland', 43.6591, -70.2568, 0.5, { ...us('Maine'), county: 'Cumberland County' }),
  city(26686, 'San Francisco', 37.7792588, -122.4193286, 0.75, us('California')),
  city(26687, 'San Jose', 37.3361663, -121.890591, 0.7, us('California')),
  city(26688, 'San Diego', 32.7174202, -117.1627728, 0.7, us('California')),
  city(151472, 'Springfield', 39.7990175, -89.6439575, 0.5, us('Illinois')),
  city(151473, 'Springfield', 42.1018764, -72.5886727, 0.45, us('Massachusetts')),
  city(7444, 'Paris', 48.8588897, 2.320041, 0.9, {
    state: 'Île-de-France',
    country: 'France',
    countrycode: 'FR',
  }),
  // Seattle
  poi(
    'N',
    1001,
    'amenity:cafe',
    'Storyville Coffee',
    47.6089,
    -122.3404,
    { housenumber: '94', street: 'Pike Street', postcode: '98101' },
    seattle,
  ),
  poi(
    'N',
    1002,
    'amenity:cafe',
    'Victrola Coffee Roasters',
    47.6141,
    -122.3275,
    { housenumber: '310', street: 'East Pike Street', postcode: '98122' },
    seattle,
  ),
  poi(
    'N',
    1003,
    'amenity:cafe',
    'Café Allegro',
    47.6582,
    -122.3131,
    { housenumber: '4214', street: 'University Way Northeast', postcode: '98105' },
    seattle,
  ),
  poi(
    'N',
    1004,
    'amenity:restaurant',
    'The Pink Door',
    47.6104,
    -122.3426,
    { housenumber: '1919', street: 'Post Alley', postcode: '98101' },
    seattle,
  ),
  poi(
    'N',
    1005,
    'amenity:restaurant',
    "Ivar's Acres of Clams",
    47.6045,
    -122.3384,
    { housenumber: '1001', street: 'Alaskan Way', postcode: '98104' },
    seattle,
  ),
  poi(
    'N',
    1006,
    'amenity:bar',
    'Zig Zag Café',
    47.6087,
    -122.3418,
    { housenumber: '1501', street: 'Western Avenue', postcode: '98101' },
    seattle,
  ),
  poi(
    'N',
    1007,
    'amenity:pub',
    'Collins Pub',
    47.6018,
    -122.3322,
    { housenumber: '526', street: '2nd Avenue', postcode: '98104' },
    seattle,
  ),
  poi(
    'W',
    1008,
    'leisure:park',
    'Volunteer Park',
    47.6304,
    -122.315,
    { postcode: '98112' },
    seattle,
  ),
  poi(
    'W',
    1009,
    'leisure:park',
    'Cal Anderson Park',
    47.6172,
    -122.3196,
    { postcode: '98122' },
    seattle,
  ),
  poi(
    'N',
    1010,
    'railway:station',
    'King Street Station',
    47.5985,
    -122.3302,
    { housenumber: '303', street: 'South Jackson Street', postcode: '98104' },
    seattle,
  ),
  poi(
    'W',
    1011,
    'shop:mall',
    'Westlake Center',
    47.6117,
    -122.3372,
    { housenumber: '400', street: 'Pine Street', postcode: '98101' },
    seattle,
  ),
  poi(
    'W',
    1012,
    'amenity:townhall',
    'Seattle City Hall',
    47.6036,
    -122.3294,
    { housenumber: '600', street: '4th Avenue', postcode: '98104' },
    seattle,
  ),
  // Paris
  poi(
    'N',
    2001,
    'amenity:cafe',
    'Café de Flore',
    48.8541,
    2.3326,
    { housenumber: '172', street: 'Boulevard Saint-Germain', postcode: '75006' },
    paris,
  ),
  poi(
    'N',
    2002,
    'amenity:cafe',
    'Les Deux Magots',
    48.854,
    2.3333,
    { housenumber: '6', street: 'Place Saint-Germain-des-Prés', postcode: '75006' },
    paris,
  ),
  poi(
    'N',
    2003,
    'amenity:restaurant',
    'Le Procope',
    48.853,
    2.3388,
    { housenumber: '13', street: "Rue de l'Ancienne Comédie", postcode: '75006' },
    paris,
  ),
  poi(
    'N',
    2004,
    'amenity:bar',
    "Harry's New York Bar",
    48.8694,
    2.3318,
    { housenumber: '5', street: 'Rue Daunou', postcode: '75002' },
    paris,
  ),
  poi(
    'W',
    2005,
    'leisure:park',
    'Jardin du Luxembourg',
    48.8462,
    2.3372,
    { postcode: '75006' },
    paris,
  ),
  poi(
    'N',
    2006,
    'railway:station',
    'Gare du Nord',
    48.8809,
    2.3553,
    { housenumber: '112', street: 'Rue de Maubeuge', postcode: '75010' },
    paris,
  ),
  poi(
    'W',
    2007,
    'shop:mall',
    'Forum des Halles',
    48.8625,
    2.3455,
    { housenumber: '101', street: 'Porte Berger', postcode: '75001' },
    paris,
  ),
  poi(
    'W',
    2008,
    'amenity:townhall',
    'Hôtel de Ville',
    48.8564,
    2.3524,
    { street: "Place de l'Hôtel de Ville", postcode: '75004' },
    paris,
  ),
];
