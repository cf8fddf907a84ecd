import { describe, expect, it } from 'vitest';
import { formatAddress, localityLine, regionCode, streetLine } from './address.js';

describe('formatAddress', () => {
  it('United States: number first, state code and ZIP after the city', () => {
    expect(
      formatAddress({
        housenumber: '12',
        street: 'Main St',
        city: 'Springfield',
        state: 'Illinois',
        postcode: '62701',
        country: 'United States',
        countrycode: 'US',
      }),
    ).toBe('12 Main St, Springfield, IL 62701');
  });

  it('United Kingdom: number first, postcode after the town', () => {
    expect(
      formatAddress({
        housenumber: '10',
        street: 'Downing Street',
        city: 'London',
        postcode: 'SW1A 2AA',
        state: 'England',
        countrycode: 'gb',
      }),
    ).toBe('10 Downing Street, London SW1A 2AA');
  });

  it('Germany and the Netherlands: street then number, postcode before the city', () => {
    expect(
      formatAddress({
        housenumber: '12',
        street: 'Hauptstraße',
        city: 'Berlin',
        postcode: '10115',
        state: 'Berlin',
        countrycode: 'DE',
      }),
    ).toBe('Hauptstraße 12, 10115 Berlin');
    expect(
      formatAddress({
        housenumber: '1',
        street: 'Dam',
        city: 'Amsterdam',
        postcode: '1012 JS',
        countrycode: 'NL',
      }),
    ).toBe('Dam 1, 1012 JS Amsterdam');
  });

  it('France: number first, postcode before the city', () => {
    expect(
      formatAddress({
        housenumber: '12',
        street: 'Rue de Rivoli',
        city: 'Paris',
        postcode: '75001',
        countrycode: 'FR',
      }),
    ).toBe('12 Rue de Rivoli, 75001 Paris');
  });

  it('Canada and Australia: province or state codes', () => {
    expect(
      formatAddress({
        housenumber: '301',
        street: 'Front St W',
        city: 'Toronto',
        state: 'Ontario',
        postcode: 'M5V 2T6',
        countrycode: 'CA',
      }),
    ).toBe('301 Front St W, Toronto, ON M5V 2T6');
    expect(
      formatAddress({
        housenumber: '1',
        street: 'George St',
        city: 'Sydney',
        state: 'New South Wales',
        postcode: '2000',
        countrycode: 'AU',
      }),
    ).toBe('1 George St, Sydney NSW 2000');
  });

  it('leaves out what is missing', () => {
    expect(formatAddress({ street: 'Pike St', city: 'Seattle', countrycode: 'US' })).toBe(
      'Pike St, Seattle',
    );
    expect(formatAddress({ city: 'Seattle', state: 'Washington', countrycode: 'US' })).toBe(
      'Seattle, WA',
    );
    expect(formatAddress({ postcode: '75008', locality: 'Paris', countrycode: 'FR' })).toBe(
      '75008 Paris',
    );
    expect(formatAddress({})).toBe('');
  });

  it('names a settlement by itself with its region and country, never its county', () => {
    const seattle = {
      name: 'Seattle',
      county: 'King County',
      state: 'Washington',
      country: 'United States',
      countrycode: 'US',
    };
    expect(formatAddress(seattle, true)).toBe('Seattle, WA, United States');
    expect(
      formatAddress(
        { name: 'Berlin', state: 'Berlin', country: 'Deutschland', countrycode: 'DE' },
        true,
      ),
    ).toBe('Berlin, Deutschland');
  });

  it('falls back to the name, region and country when a feature has no address fields', () => {
    expect(
      formatAddress({
        name: 'Mont Blanc',
        state: 'Auvergne-Rhône-Alpes',
        country: 'France',
        countrycode: 'FR',
      }),
    ).toBe('Mont Blanc, Auvergne-Rhône-Alpes, France');
  });
});

describe('address parts', () => {
  it('codes states only where addresses use codes', () => {
    expect(regionCode('US', 'Washington')).toBe('WA');
    expect(regionCode('CA', 'Québec')).toBe('QC');
    expect(regionCode('DE', 'Bayern')).toBeNull();
    expect(regionCode('US', undefined)).toBeNull();
  });

  it('orders street and number by country, and the locality parts too', () => {
    expect(streetLine({ street: 'Via Roma', housenumber: '5', countrycode: 'IT' })).toBe(
      'Via Roma 5',
    );
    expect(streetLine({ street: 'High St', housenumber: '5', countrycode: 'IE' })).toBe(
      '5 High St',
    );
    expect(localityLine({ city: 'Wien', postcode: '1010', countrycode: 'AT' })).toBe('1010 Wien');
    expect(localityLine({ city: 'Auckland', postcode: '1010', countrycode: 'NZ' })).toBe(
      'Auckland 1010',
    );
  });
});
