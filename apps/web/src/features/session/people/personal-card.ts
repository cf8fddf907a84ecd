/**
 * What the personal card says (issue 12 items 1–4): "Leave by 4:18 PM (in 1 h 36 min) to arrive
 * 5:30 PM Denver time", the travel time and mode, the status, the group's real earliest time when
 * later than the target, and after the meeting time who is there and who is on the way. Pure.
 */
import { format, type Session } from '@oneeta/contracts';
import { clockText, formatMiles, formatMinutes } from '@oneeta/travel';
import type { PanelEntry } from '../../arrival-panel';
import { groupEarliestIfLater, liveState, type LiveKind } from '../../arrival-panel/live-state';
import { directionsFor, etaText } from '../../arrival-panel/live-text';
import { PANEL_SPEC, PANEL_UI } from '../../arrival-panel/texts';
import { leaveInText } from '../../arrival-panel/timing';
import { UI } from '../../../text';
import type { MapsPlatform } from '../../../lib/maps-link';

export const PERSONAL_UI = {
  title: 'When to leave',
  passedTitle: PANEL_UI.meetingPassed,
  leaveBy: 'Leave by {time}',
  leaveIn: '(in {d})',
  toArrive: 'to arrive {time}',
  target: 'Target {time}',
  etaIfNow: 'ETA {time} if you leave now',
  notSharedHeadline: 'Share your location to see when to leave',
  groupEarliest: 'Everyone can be there by {time}',
  thereList: 'At the destination: {names}',
  onTheWayList: 'On the way: {names}',
  nobody: 'nobody yet',
  openInMaps: PANEL_UI.openInMaps,
  modes: { car: 'by car', bicycle: 'by bicycle', walking: 'on foot' },
  status: {
    pending: PANEL_SPEC.invitePending,
    notShared: 'Not yet shared',
    computing: PANEL_UI.calculating,
    noDestination: UI.noDestination,
    there: PANEL_UI.atDestination,
    onTime: PANEL_SPEC.routeAvailable,
    late: 'Late',
    enroute: PANEL_SPEC.enroute,
    onTheWay: PANEL_UI.onTheWay,
  } satisfies Record<LiveKind, string>,
} as const;

export interface PersonalModel {
  kind: LiveKind;
  passed: boolean;
  title: string;
  status: string;
  /** The answer: 'Leave by 4:18 PM Los Angeles time (in 1 h 36 min)', 'Leave now · ETA …'. */
  headline: string;
  /** 'to arrive 5:30 PM Denver time', 'Target 3:00 PM'. */
  detail: string | null;
  late: boolean;
  /** '1 h 12 min by car · 80.1 mi'. */
  travel: string | null;
  /** 'Everyone can be there by 3:28 PM' when later than the target. */
  groupEarliest: string | null;
  /** After the meeting time: who is there, who is on the way (with ETA). */
  there: string[];
  onTheWay: string[];
  /** 'Open in Maps': directions to the destination by the viewer's travel mode; null once there. */
  directions: string | null;
}

export interface PersonalInput {
  session: Pick<Session, 'arriveAt' | 'tzId' | 'destination'>;
  /** The viewer's own entry, null when they have no participant row yet. */
  me: PanelEntry | null;
  entries: readonly PanelEntry[];
  now: Date;
  viewerTz: string;
  /** Which maps app 'Open in Maps' opens (lib/maps-link.ts); Google Maps' web link by default. */
  platform?: MapsPlatform;
}

export function personalModel({
  session,
  me,
  entries,
  now,
  viewerTz,
  platform = 'other',
}: PersonalInput): PersonalModel {
  const target = session.arriveAt ? new Date(session.arriveAt) : null;
  const passed = target !== null && now.getTime() >= target.getTime();
  const hasDestination = session.destination !== null;
  const ctx = { target, hasDestination, now };
  const arrival = (d: Date) => clockText(d, session.tzId, { now, viewerTz }).text;
  const leave = (d: Date) =>
    clockText(d, viewerTz, { now, viewerTz, pairedWith: session.tzId }).text;
  const state = me ? liveState(me, ctx) : liveState({ ...noEntry }, ctx);
  const eta = etaText(state, arrival);
  const targetText = target ? format(PERSONAL_UI.target, { time: arrival(target) }) : null;

  let headline: string;
  let detail: string | null = targetText;
  switch (state.kind) {
    case 'onTime': {
      const leaveIn = state.leaveInSeconds === null ? null : leaveInText(state.leaveInSeconds);
      if (!state.leaveBy || !target) {
        headline = state.eta ? format(PERSONAL_UI.etaIfNow, { time: arrival(state.eta) }) : '';
        detail = null;
      } else {
        headline =
          leaveIn === null
            ? PANEL_UI.leaveNow
            : `${format(PERSONAL_UI.leaveBy, { time: leave(state.leaveBy) })} ${format(PERSONAL_UI.leaveIn, { d: leaveIn })}`;
        detail = format(PERSONAL_UI.toArrive, { time: arrival(target) });
      }
      break;
    }
    case 'late':
      headline = `${PANEL_UI.leaveNow} · ${eta}`;
      break;
    case 'enroute':
    case 'onTheWay':
      // The status badge says 'Enroute' / 'On the way'.
      headline = eta ?? '';
      break;
    case 'there':
      headline = PANEL_UI.atDestination;
      break;
    case 'notShared':
      headline = PERSONAL_UI.notSharedHeadline;
      break;
    default:
      headline = PERSONAL_UI.status[state.kind];
  }

  const seconds = me?.routeOk && state.kind !== 'there' ? me.travelTimeSeconds : null;
  const travel =
    seconds !== null && seconds !== undefined && me
      ? [
          `${formatMinutes(seconds)} ${PERSONAL_UI.modes[me.routeOptions?.travelMode ?? 'car']}`,
          me.distanceMeters !== null ? formatMiles(me.distanceMeters) : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : null;
  const later = groupEarliestIfLater(entries, target, now);

  const there: string[] = [];
  const onTheWay: string[] = [];
  if (passed) {
    for (const e of entries) {
      const s = liveState(e, ctx);
      const name = e.isCurrentUser ? PANEL_SPEC.you : e.label;
      if (s.kind === 'there') there.push(name);
      else if (s.kind === 'onTheWay') onTheWay.push(`${name} (${etaText(s, arrival)})`);
    }
  }

  return {
    kind: state.kind,
    passed,
    title: passed ? PERSONAL_UI.passedTitle : PERSONAL_UI.title,
    status: PERSONAL_UI.status[state.kind],
    headline,
    detail,
    late: state.minutesLate > 0,
    travel,
    groupEarliest:
      later && !passed ? format(PERSONAL_UI.groupEarliest, { time: arrival(later) }) : null,
    there,
    onTheWay,
    directions: directionsFor(session.destination, me, state.kind, platform),
  };
}

/** A viewer without a row: not shared. */
const noEntry = {
  pending: false,
  lat: null,
  lon: null,
  routeOk: false,
  travelTimeSeconds: null,
  distanceMeters: null,
  enroute: false,
};
