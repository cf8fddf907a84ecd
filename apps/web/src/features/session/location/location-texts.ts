/** Texts of the location notice and the starting address (issue 12 item 8); the spec's own titles are in texts.ts. */
export const LOCATION_UI = {
  startingAddressTitle: 'Set a starting address instead',
  startingAddressLead:
    'Search for where you will leave from. It is used for your travel time instead of your device’s location.',
  startingAddressLabel: 'Starting address',
  startingFrom: (name: string) => `Starting from ${name}`,
  /** The viewer's row already has a position (an earlier save or address), none picked on this page. */
  savedPosition: 'your saved position',
  startingAddressSaved: 'Starting address saved',
  startingAddressFailed: 'Could not save your starting address',
  startingAddressOnSave: 'Your starting address is saved with the session.',
} as const;
