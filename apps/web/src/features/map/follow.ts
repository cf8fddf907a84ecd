/**
 * Follow mode (doc 1 §4 "Map follow mode"): following starts on request for a participant or a
 * position; it stops on Stop, or on a pointer press, wheel or touch on the map once FOLLOW_GRACE_MS
 * have passed since it started (so the press that asked for it does not end it); while following,
 * the camera tracks the target; auto-fit happens only on first load or when not following.
 */
import { FOLLOW_GRACE_MS } from '@oneeta/contracts';
import type { LatLon, MapMarker } from './types';

export type FollowTarget =
  { kind: 'participant'; id: string } | { kind: 'position'; position: LatLon };

export type FollowState =
  { status: 'idle' } | { status: 'following'; target: FollowTarget; startedAt: number };

/** What the user did on the map: the spec's pointer press, wheel and touch, plus our keyboard pan and zoom. */
export type MapInput = 'pointer' | 'wheel' | 'touch' | 'keyboard';

export type FollowEvent =
  | { type: 'start'; target: FollowTarget; at: number }
  | { type: 'stop' }
  | { type: 'interaction'; input: MapInput; at: number };

export const FOLLOW_IDLE: FollowState = { status: 'idle' };

export function followReducer(state: FollowState, event: FollowEvent): FollowState {
  switch (event.type) {
    case 'start':
      return { status: 'following', target: event.target, startedAt: event.at };
    case 'stop':
      return FOLLOW_IDLE;
    case 'interaction':
      if (state.status !== 'following') return state;
      return event.at - state.startedAt >= FOLLOW_GRACE_MS ? FOLLOW_IDLE : state;
  }
}

export function isFollowing(state: FollowState): boolean {
  return state.status === 'following';
}

/**
 * Where the camera should be while following: the followed participant's marker (its id, with or
 * without the 'user:' prefix), or the followed position. Null when idle or when the followed
 * participant is not on the map (left, or has no position).
 */
export function followCenter(state: FollowState, markers: readonly MapMarker[]): LatLon | null {
  if (state.status !== 'following') return null;
  const { target } = state;
  if (target.kind === 'position') return target.position;
  const wanted = stripUserPrefix(target.id);
  const marker = markers.find((m) => stripUserPrefix(m.id) === wanted);
  return marker ? { lat: marker.lat, lon: marker.lon } : null;
}

/** Participant ids may be prefixed 'user:' (doc 1 §3); both spellings name one participant. */
export function stripUserPrefix(id: string): string {
  return id.startsWith('user:') ? id.slice('user:'.length) : id;
}

/**
 * Whether the map fits every point now. On first load it always does. Later it does when the
 * points changed, nothing is followed, and the camera is not held: a user who panned or zoomed,
 * or a page that centered the map on someone, keeps that view until 'Fit all' (our reading of
 * "only ... when not following": a live position update must not yank the view from under a user).
 */
export function shouldAutoFit(input: {
  firstLoad: boolean;
  following: boolean;
  cameraHeld: boolean;
  pointsChanged: boolean;
}): boolean {
  if (input.firstLoad) return true;
  return input.pointsChanged && !input.following && !input.cameraHeld;
}
