import type { Suggestion } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { participant, session } from '../../../test-fixtures';
import { currentSuggestion, namesOf, suggestionView } from './view';

const ranked = (index: number, rank: number, travel: Suggestion['ranked'][number]['travel']) => ({
  index,
  rank,
  id: `p${index}`,
  name: `Place ${index}`,
  address: '',
  position: { lat: 47.6, lon: -122.3 },
  votes: index,
  everyoneBy: null,
  spreadSeconds: null,
  totalSeconds: null,
  longestSeconds: null,
  unreachableBy: [],
  travel,
});

describe('suggestionView', () => {
  it('orders by rank, names each trip from the session, and keeps the viewer’s vote', () => {
    const s: Suggestion = {
      id: 's',
      status: 'ready',
      mode: 'category',
      category: 'cafe',
      centre: { lat: 47.6, lon: -122.3 },
      candidates: [],
      ranked: [
        ranked(0, 2, [{ participantId: 'user:a', travelTimeSeconds: 60 }]),
        ranked(1, 1, [{ participantId: 'user:gone', travelTimeSeconds: 120 }]),
      ],
      leftOut: [{ participantId: 'user:b', name: 'Ben' }],
      myVote: 0,
      createdAt: '',
      computedAt: '',
      expiresAt: '',
    };
    const names = namesOf(
      session({ participants: [participant({ id: 'user:a', label: 'Ada', name: 'Ada L' })] }),
    );
    const view = suggestionView(s, names);
    expect(view.candidates.map((c) => c.index)).toEqual([1, 0]);
    expect(view.candidates[1]!.travel).toEqual([
      { participantId: 'user:a', name: 'Ada', travelTimeSeconds: 60 },
    ]);
    expect(view.candidates[0]!.travel[0]!.name).toBe('Someone');
    expect(view).toMatchObject({ category: 'cafe', leftOut: ['Ben'], myVote: 0, status: 'ready' });
  });
});

describe('currentSuggestion', () => {
  it('keeps a suggestion until its expiresAt, then drops it without a refetch', () => {
    const s = { expiresAt: '2026-07-01T18:30:00.000Z' } as Suggestion;
    expect(currentSuggestion(s, new Date('2026-07-01T18:29:59.000Z'))).toBe(s);
    expect(currentSuggestion(s, new Date('2026-07-01T18:30:00.000Z'))).toBeNull();
    expect(currentSuggestion(null, new Date())).toBeNull();
  });
});
