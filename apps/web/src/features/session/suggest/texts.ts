/**
 * The wording of 'Where should we meet?' (the spec names the feature's tone, not its words): ours,
 * plain and short like the rest of the session page.
 */
import type { PlaceCategory } from '@oneeta/contracts';

export const SUGGEST_UI = {
  title: 'Where should we meet?',
  intro:
    'Compare places by travel time: the fairest is the one where nobody travels much longer than the others.',
  memberIntro: 'The owner is comparing places by travel time. Give the one you like a thumbs up.',
  open: 'Suggest a place',
  howTitle: 'What to compare',
  byCategory: 'A kind of place near the group',
  byPlaces: 'Places I pick',
  category: 'Kind of place',
  findCategory: 'Find places',
  comparePlaces: 'Compare these places',
  asking: 'Asking…',
  candidatesTitle: 'Places to compare',
  candidatesEmpty: 'No places yet.',
  candidatesHint:
    'Add up to {n}: search here, or search the map or tap it to drop a pin, then press Confirm.',
  addPlace: 'Add a place to compare',
  remove: 'Remove',
  removeCandidate: 'Remove {name}',
  alreadyListed: '{name} is already on the list.',
  seePlans: 'See plans',
  pending: 'Working out everyone’s travel time…',
  failed: 'Could not compare these places. Try again.',
  resultsTitle: 'Fairest first',
  showMore: 'Show {n} more',
  showFewer: 'Show fewer',
  noResults: 'No places found near the group. Try another kind of place, or pick places yourself.',
  rank: 'Option {n}',
  everyoneBy: 'Everyone there by {time}',
  spread: 'Spread {d}',
  spreadHelp: 'Spread: the gap between the shortest and the longest trip.',
  travelLabel: 'Travel times to {name}',
  you: 'You',
  noRoute: 'no route',
  leftOut: 'Not counted (no location yet): {names}',
  current: 'Current destination',
  meetHere: 'Meet here',
  meeting: 'Saving…',
  meetingSet: 'Meeting at {name}',
  vote: 'Thumbs up',
  voted: 'You gave this a thumbs up',
  voteFor: 'Thumbs up for {name}',
  votes: '{n} thumbs up',
  voteFailed: 'Could not save your thumbs up',
  askedFor: 'Compared: {what}',
  yourPlaces: 'places picked by the owner',
  near: '{category} near the group',
} as const;

/** The kinds of place, as the chooser names them. */
export const CATEGORY_LABELS: Readonly<Record<PlaceCategory, string>> = {
  cafe: 'Café',
  restaurant: 'Restaurant',
  bar: 'Bar',
  park: 'Park',
  station: 'Station',
  mall: 'Mall',
};
