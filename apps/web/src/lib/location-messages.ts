/** doc 1 §8 "Location": the message for each way a position request can fail, copied exactly. */
export const LOCATION_MESSAGES = {
  denied: 'Location permission denied. Please enable it in your browser settings to continue.',
  blocked: 'Location permission is blocked. Enable it in your browser settings.',
  unavailable: 'Location unavailable. Please check your connection or try again.',
  timeout: 'Location request timed out. Please try again.',
  unsupported: 'Geolocation is not supported by this browser.',
} as const;

export type LocationFailureKind = keyof typeof LOCATION_MESSAGES;
