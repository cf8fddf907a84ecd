import { MESSAGES, SESSION_MESSAGES, type Suggestion } from '@oneeta/contracts';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { participant, session } from '../../../test-fixtures';
import { SuggestionResults, type ResultsProps } from './SuggestionResults';
import { namesOf, suggestionView } from './view';

const people = [
  participant({ id: 'user:olive', label: 'Olive' }),
  participant({ id: 'user:ada', label: 'Ada' }),
  participant({ id: 'user:ben', label: 'Ben' }),
];

const place = (index: number, name: string, lat: number) => ({
  index,
  id: `poi-${name.toLowerCase()}`,
  name,
  address: `${name}, WA`,
  position: { lat, lon: -122.2 },
  votes: 0,
});

/** Kirkland ranks first though the owner listed it second. */
const suggestion: Suggestion = {
  id: 'sg1',
  status: 'ready',
  mode: 'places',
  category: null,
  centre: null,
  candidates: [place(0, 'Renton', 47.48), place(1, 'Kirkland', 47.68)],
  ranked: [
    {
      ...place(0, 'Renton', 47.48),
      rank: 2,
      everyoneBy: '2026-07-01T18:10:00.000Z',
      spreadSeconds: 1500,
      totalSeconds: 3600,
      longestSeconds: 2100,
      unreachableBy: [],
      travel: [
        { participantId: 'user:olive', travelTimeSeconds: 2100 },
        { participantId: 'user:ada', travelTimeSeconds: 600 },
        { participantId: 'user:ben', travelTimeSeconds: 900 },
      ],
    },
    {
      ...place(1, 'Kirkland', 47.68),
      votes: 2,
      rank: 1,
      everyoneBy: '2026-07-01T17:50:00.000Z',
      spreadSeconds: 300,
      totalSeconds: 2700,
      longestSeconds: 1020,
      unreachableBy: [],
      travel: [
        { participantId: 'user:olive', travelTimeSeconds: 720 },
        { participantId: 'user:ada', travelTimeSeconds: 1020 },
        { participantId: 'user:ben', travelTimeSeconds: null },
      ],
    },
  ],
  leftOut: [{ participantId: 'user:cy', name: 'Cy' }],
  myVote: 1,
  createdAt: '2026-07-01T17:30:00.000Z',
  computedAt: '2026-07-01T17:30:05.000Z',
  expiresAt: '2026-07-01T18:30:00.000Z',
};

function render(over: Partial<ResultsProps> = {}, s: Suggestion = suggestion): string {
  const view = suggestionView(s, namesOf(session({ participants: people })));
  // 'See plans' is a router link.
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() });
  return renderToStaticMarkup(
    <RouterContextProvider router={router}>
      <SuggestionResults
        suggestion={view}
        meId="user:ada"
        isOwner={false}
        member
        now={new Date('2026-07-01T17:31:00.000Z')}
        viewerTz="America/Los_Angeles"
        tzId="America/Los_Angeles"
        destination={null}
        onVote={() => {}}
        voting={false}
        onMeet={() => {}}
        meeting={null}
        problem={null}
        onUseEarliest={() => {}}
        {...over}
      />
    </RouterContextProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the ranked places', () => {
  it('lists the fairest first, with everyone by, the spread and the viewer’s own trip first', () => {
    const out = text(render());
    expect(out.indexOf('Kirkland')).toBeLessThan(out.indexOf('Renton'));
    expect(out).toContain('Everyone there by 10:50 AM · Spread 5 min');
    // Ada (the viewer) first as 'You', then Olive, then Ben without a route.
    expect(out).toContain('You 17 min Olive 12 min Ben no route');
    expect(out).toContain('Not counted (no location yet): Cy');
  });

  it('labels the zone when it is not the viewer’s own', () => {
    expect(text(render({ viewerTz: 'America/New_York' }))).toContain(
      'Everyone there by 10:50 AM Los Angeles time',
    );
  });

  it('a member has a thumbs-up button per place, pressed on their own vote, and no count', () => {
    const html = render();
    expect(html).toContain('aria-pressed="true" aria-label="Thumbs up for Kirkland"');
    expect(html).toContain('aria-pressed="false" aria-label="Thumbs up for Renton"');
    expect(html).not.toContain('2 thumbs up');
    expect(html).not.toContain('Meet here');
  });

  it('the owner sees the counts and a Meet here per place, none on the current destination', () => {
    const kirkland = suggestion.ranked[1]!;
    const html = render({
      isOwner: true,
      meId: 'user:olive',
      destination: { id: kirkland.id, name: 'Kirkland', address: '', position: kirkland.position },
    });
    expect(text(html)).toContain('2 thumbs up');
    expect(text(html)).not.toContain('0 thumbs up');
    expect(html).not.toContain('aria-label="Thumbs up for');
    expect(html.match(/>Meet here</g)).toHaveLength(1);
    expect(text(html)).toContain('Current destination');
  });

  it('a refused Meet here shows under its place, as the save shows it, with the way out', () => {
    const tooEarly = render({
      isOwner: true,
      problem: { index: 1, problem: { message: MESSAGES.selectedTimeTooEarly, rule: 'too-early' } },
    });
    expect(tooEarly).toContain('role="alert"');
    expect(text(tooEarly)).toContain('Selected time is too early Use earliest time');
    const plan = render({
      isOwner: true,
      problem: { index: 0, problem: { message: SESSION_MESSAGES.freePlanNoEdits, rule: 'edit' } },
    });
    expect(text(plan)).toContain(`${SESSION_MESSAGES.freePlanNoEdits} See plans`);
    expect(plan).toContain('href="/plans"');
  });

  it('while pending, says so as a status', () => {
    const html = render({}, { ...suggestion, status: 'pending', ranked: [] });
    expect(html).toContain('role="status"');
    expect(text(html)).toContain('Working out everyone’s travel time…');
  });
});
