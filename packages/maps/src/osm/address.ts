/**
 * One-line addresses from Photon's address fields, in the order each country writes them:
 *
 *   US, CA        12 Main St, Springfield, IL 62701      (house number first; state code, postcode after the city)
 *   AU            1 George St, Sydney NSW 2000
 *   GB, IE, NZ …  10 Downing Street, London SW1A 2AA     (postcode after the city)
 *   FR, LU, MC    12 Rue de Rivoli, 75001 Paris          (house number first; postcode before the city)
 *   others        Hauptstraße 12, 10115 Berlin           (DE, NL, AT, CH, IT, ES, BE, the Nordics, …)
 *
 * The country is left out of an address (as Azure's freeformAddress does); a place that is itself a
 * town or region (no street, no city) reads 'Seattle, WA, United States' so a world-wide search
 * tells places apart. Pure: no I/O.
 */

/** The address fields of a Photon feature (GeocodeJSON properties); all optional. */
export interface AddressFields {
  name?: string;
  housenumber?: string;
  street?: string;
  postcode?: string;
  city?: string;
  district?: string;
  locality?: string;
  county?: string;
  state?: string;
  country?: string;
  /** ISO 3166-1 alpha-2, any case. */
  countrycode?: string;
}

/** Countries whose addresses put the house number before the street. */
const NUMBER_FIRST = new Set([
  'US',
  'CA',
  'AU',
  'NZ',
  'GB',
  'IE',
  'FR',
  'LU',
  'MC',
  'IN',
  'ZA',
  'SG',
  'MY',
  'PH',
]);
/** Countries whose postcode follows the city (the rest put it before). */
const POSTCODE_AFTER_CITY = new Set([
  'US',
  'CA',
  'AU',
  'NZ',
  'GB',
  'IE',
  'IN',
  'ZA',
  'SG',
  'MY',
  'PH',
]);

const US_STATES: Record<string, string> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
  'Puerto Rico': 'PR',
};
const CA_PROVINCES: Record<string, string> = {
  Alberta: 'AB',
  'British Columbia': 'BC',
  Manitoba: 'MB',
  'New Brunswick': 'NB',
  'Newfoundland and Labrador': 'NL',
  'Nova Scotia': 'NS',
  Ontario: 'ON',
  'Prince Edward Island': 'PE',
  Quebec: 'QC',
  Québec: 'QC',
  Saskatchewan: 'SK',
  'Northwest Territories': 'NT',
  Nunavut: 'NU',
  Yukon: 'YT',
};
const AU_STATES: Record<string, string> = {
  'New South Wales': 'NSW',
  Victoria: 'VIC',
  Queensland: 'QLD',
  'Western Australia': 'WA',
  'South Australia': 'SA',
  Tasmania: 'TAS',
  'Australian Capital Territory': 'ACT',
  'Northern Territory': 'NT',
};
const REGION_CODES: Record<string, Record<string, string>> = {
  US: US_STATES,
  CA: CA_PROVINCES,
  AU: AU_STATES,
};

const present = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';
const join = (parts: Array<string | undefined>, separator: string) =>
  parts
    .filter(present)
    .map((p) => p.trim())
    .join(separator);

/** The state's postal code where addresses use one (US, CA, AU), else null. */
export function regionCode(country: string, state: string | undefined): string | null {
  if (!present(state)) return null;
  return REGION_CODES[country]?.[state.trim()] ?? null;
}

/** '12 Main St' or 'Hauptstraße 12' (or just the street). */
export function streetLine(fields: AddressFields): string {
  const country = (fields.countrycode ?? '').toUpperCase();
  if (!present(fields.street)) return '';
  if (!present(fields.housenumber)) return fields.street.trim();
  return NUMBER_FIRST.has(country)
    ? join([fields.housenumber, fields.street], ' ')
    : join([fields.street, fields.housenumber], ' ');
}

/** 'Springfield, IL 62701', 'Sydney NSW 2000', 'London SW1A 2AA' or '10115 Berlin'. */
export function localityLine(fields: AddressFields): string {
  const country = (fields.countrycode ?? '').toUpperCase();
  const city = [fields.city, fields.locality, fields.district, fields.county].find(present);
  const region = regionCode(country, fields.state);
  if (country === 'US' || country === 'CA') {
    const tail = join([region ?? undefined, fields.postcode], ' ');
    return join([city, tail], ', ');
  }
  if (country === 'AU') return join([city, region ?? undefined, fields.postcode], ' ');
  if (POSTCODE_AFTER_CITY.has(country)) return join([city, fields.postcode], ' ');
  return join([fields.postcode, city], ' ');
}

/** A town, region or country by itself: 'Seattle, WA, United States', 'Paris, Île-de-France, France'. */
export function placeLine(fields: AddressFields): string {
  const country = (fields.countrycode ?? '').toUpperCase();
  const region = regionCode(country, fields.state) ?? fields.state;
  const parts = [fields.name, region, fields.country].filter(present).map((p) => p.trim());
  return parts.filter((p, i) => parts.indexOf(p) === i).join(', ');
}

/**
 * The one-line address of a Photon feature (see the file comment); '' when it has no fields at all.
 * `settlement`: the feature is itself a town, region or country (OSM place=* or a boundary), whose
 * own fields (county, state) are not an address.
 */
export function formatAddress(fields: AddressFields, settlement = false): string {
  if (settlement) return placeLine(fields);
  const address = join([streetLine(fields), localityLine(fields)], ', ');
  return address || placeLine(fields);
}
