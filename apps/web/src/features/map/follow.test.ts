import { FOLLOW_GRACE_MS } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  FOLLOW_IDLE,
  followCenter,
  followReducer,
  isFollowing,
  shouldAutoFit,
  type FollowState,
} from './follow';
import type { MapMarker } from './types';

const markers: MapMarker[] = [
  { id: 'user:42', label: 'Ana', lat: 47.6, lon: -122.3, kind: 'participant' },
  { id: 'guest-7', label: 'Ben', lat: 47.7, lon: -122.4, kind: 'me' },
];

const following = (at = 1000): FollowState =>
  followReducer(FOLLOW_IDLE, { type: 'start', target: { kind: 'participant', id: '42' }, at });

describe('follow mode (doc 1 §4)', () => {
  it('uses a 150 ms grace', () => {
    expect(FOLLOW_GRACE_MS).toBe(150);
  });

  it('starts following on request, for a participant or a position', () => {
    expect(isFollowing(following())).toBe(true);
    const pos = followReducer(FOLLOW_IDLE, {
      type: 'start',
      target: { kind: 'position', position: { lat: 1, lon: 2 } },
      at: 0,
    });
    expect(followCenter(pos, markers)).toEqual({ lat: 1, lon: 2 });
  });

  it('stops on Stop', () => {
    expect(followReducer(following(), { type: 'stop' })).toEqual(FOLLOW_IDLE);
  });

  it('ignores a pointer press, wheel or touch within 150 ms of the start', () => {
    const state = following(1000);
    for (const input of ['pointer', 'wheel', 'touch'] as const) {
      expect(followReducer(state, { type: 'interaction', input, at: 1149 })).toBe(state);
    }
  });

  it('stops on a pointer press, wheel or touch 150 ms or more after the start', () => {
    for (const input of ['pointer', 'wheel', 'touch'] as const) {
      expect(followReducer(following(1000), { type: 'interaction', input, at: 1150 })).toEqual(
        FOLLOW_IDLE,
      );
    }
  });

  it('stays idle on an interaction when not following', () => {
    expect(followReducer(FOLLOW_IDLE, { type: 'interaction', input: 'wheel', at: 5 })).toBe(
      FOLLOW_IDLE,
    );
  });

  it("tracks the followed participant's marker, with or without the 'user:' prefix", () => {
    expect(followCenter(following(), markers)).toEqual({ lat: 47.6, lon: -122.3 });
    const prefixed = followReducer(FOLLOW_IDLE, {
      type: 'start',
      target: { kind: 'participant', id: 'user:42' },
      at: 0,
    });
    const moved = markers.map((m) => (m.id === 'user:42' ? { ...m, lat: 47.65 } : m));
    expect(followCenter(prefixed, moved)).toEqual({ lat: 47.65, lon: -122.3 });
  });

  it('has no center when idle or when the followed participant is gone', () => {
    expect(followCenter(FOLLOW_IDLE, markers)).toBeNull();
    expect(followCenter(following(), [markers[1]!])).toBeNull();
  });
});

describe('shouldAutoFit (auto-fit only on first load or when not following)', () => {
  it('always fits on first load', () => {
    expect(
      shouldAutoFit({ firstLoad: true, following: true, cameraHeld: true, pointsChanged: false }),
    ).toBe(true);
  });

  it('refits changed points when nothing is followed and the camera is free', () => {
    expect(
      shouldAutoFit({ firstLoad: false, following: false, cameraHeld: false, pointsChanged: true }),
    ).toBe(true);
  });

  it('never refits while following', () => {
    expect(
      shouldAutoFit({ firstLoad: false, following: true, cameraHeld: false, pointsChanged: true }),
    ).toBe(false);
  });

  it('keeps a view the user or the page chose, and does nothing when no point changed', () => {
    expect(
      shouldAutoFit({ firstLoad: false, following: false, cameraHeld: true, pointsChanged: true }),
    ).toBe(false);
    expect(
      shouldAutoFit({
        firstLoad: false,
        following: false,
        cameraHeld: false,
        pointsChanged: false,
      }),
    ).toBe(false);
  });
});
