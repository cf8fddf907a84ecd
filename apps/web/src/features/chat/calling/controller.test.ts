import { describe, expect, it } from 'vitest';
import {
  CALL_TOAST_MS,
  completeQuestion,
  createCallController,
  createUsageGuard,
  elapsedText,
  type UsageReport,
} from './controller';
import { fakePort } from './fake-port.test-helper';
import { CallPermissionError } from './port';

const ME = '8:acs:oneeta_me';
const ADA = { id: '8:acs:oneeta_ada', displayName: 'Ada Lovelace' };
const MAX = { id: '8:acs:oneeta_max', displayName: 'Max' };

function setup() {
  const port = fakePort();
  let clock = Date.parse('2026-11-25T10:00:00.000Z');
  const usage: UsageReport[] = [];
  const controller = createCallController({
    port,
    selfId: ME,
    onUsage: (r) => usage.push(r),
    now: () => clock,
  });
  return {
    port,
    controller,
    usage,
    state: () => controller.getState(),
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the call (document 2 §4 "Call")', () => {
  it('idle → in call (started) → ended by Hang Up: the timer, the modal, the toast, the usage', async () => {
    const { port, controller, usage, state, tick } = setup();
    expect(state().phase).toBe('idle');
    await controller.start([ADA.id, ME, ADA.id], 'video');
    // Oneself is never called, nobody twice.
    expect(port.calls).toEqual([`start video ${ADA.id}`]);
    expect(state().phase).toBe('starting');
    port.emit({ type: 'peers', peers: [ADA] });
    port.emit({ type: 'state', state: 'Connected' });
    expect(state()).toMatchObject({ phase: 'inCall', modalOpen: true, kind: 'video' });
    const connectedAt = state().connectedAt!;
    tick(65_400);
    await controller.hangUp();
    expect(port.calls).toContain('hangUp');
    expect(state()).toMatchObject({ phase: 'ended', modalOpen: false, connectedAt: null });
    expect(state().toast?.text).toBe('Call ended: you hung up');
    expect(state().toast?.until).toBe(connectedAt + 65_400 + CALL_TOAST_MS);
    expect(usage).toEqual([{ participantAcsId: ADA.id, seconds: 65, mode: 'video' }]);
    // The SDK then says Disconnected: already ended, nothing counted twice.
    port.emit({ type: 'state', state: 'Disconnected' });
    expect(usage).toHaveLength(1);
    // The toast goes after 6 s.
    controller.expireToast();
    expect(state().toast).not.toBeNull();
    tick(CALL_TOAST_MS);
    controller.expireToast();
    expect(state().toast).toBeNull();
  });

  it.each(['Disconnected', 'Ended', 'Idle'])('ends on the state %s', async (ending) => {
    const { port, controller, state } = setup();
    await controller.start([ADA.id], 'voice');
    port.emit({ type: 'state', state: 'Connected' });
    port.emit({ type: 'state', state: 'LocalHold' });
    expect(state().phase).toBe('inCall');
    port.emit({ type: 'state', state: ending });
    expect(state().phase).toBe('ended');
  });

  it('ends on the call-ended event with its reason, and when no remote participant remains', async () => {
    const { port, controller, state, usage, tick } = setup();
    await controller.start([ADA.id, MAX.id], 'voice');
    port.emit({ type: 'state', state: 'Connected' });
    port.emit({ type: 'peers', peers: [ADA, MAX] });
    tick(10_000);
    // Max leaves: his seconds are reported then; Ada leaves: the call ends.
    port.emit({ type: 'peers', peers: [ADA] });
    expect(usage).toEqual([{ participantAcsId: MAX.id, seconds: 10, mode: 'voice' }]);
    tick(5_000);
    port.emit({ type: 'peers', peers: [] });
    expect(state().phase).toBe('ended');
    expect(state().toast?.text).toBe('Call ended: no one else is in the call');
    expect(usage[1]).toEqual({ participantAcsId: ADA.id, seconds: 15, mode: 'voice' });

    await controller.start([ADA.id], 'voice');
    port.emit({ type: 'state', state: 'Connected' });
    port.emit({ type: 'ended', reason: 'code 0/0' });
    expect(state().toast?.text).toBe('Call ended: code 0/0');
  });

  it('reports no usage for a call that never had 1 s', async () => {
    const { port, controller, usage } = setup();
    await controller.start([ADA.id], 'voice');
    port.emit({ type: 'state', state: 'Connected' });
    port.emit({ type: 'peers', peers: [ADA] });
    await controller.hangUp();
    expect(usage).toEqual([]);
  });

  it('an incoming call: accepted (video or voice), declined, or gone; Escape and Decline reject it', async () => {
    const { port, controller, state } = setup();
    port.emit({ type: 'incoming', callerId: ADA.id, callerName: 'Ada Lovelace' });
    expect(state()).toMatchObject({ phase: 'incoming', incomingFrom: 'Ada Lovelace' });
    await controller.accept('voice');
    expect(port.calls).toEqual(['accept voice']);
    port.emit({ type: 'state', state: 'Connected' });
    expect(state().phase).toBe('inCall');
    // A second call while in one does not interrupt it.
    port.emit({ type: 'incoming', callerId: MAX.id, callerName: 'Max' });
    expect(state().phase).toBe('inCall');
    await controller.hangUp();

    port.emit({ type: 'incoming', callerId: MAX.id, callerName: '' });
    expect(state().incomingFrom).toBe(MAX.id);
    await controller.decline();
    expect(port.calls).toContain('decline');
    expect(state().phase).toBe('idle');

    port.emit({ type: 'incoming', callerId: MAX.id, callerName: 'Max' });
    port.emit({ type: 'incomingGone' });
    expect(state().phase).toBe('idle');
  });

  it("says 'No incoming call to accept' and 'Failed to accept incoming call'", async () => {
    const { port, controller, state } = setup();
    await controller.accept('video');
    expect(state().lastError?.message).toBe('No incoming call to accept');
    port.emit({ type: 'incoming', callerId: ADA.id, callerName: 'Ada' });
    port.failures.push(new Error('boom'));
    await controller.accept('video');
    expect(state()).toMatchObject({ phase: 'idle' });
    expect(state().lastError?.message).toBe('Failed to accept incoming call');
    expect(JSON.parse(state().lastError!.diagnostics)).toMatchObject({
      action: 'accept',
      error: 'boom',
    });
  });

  it('start errors: permission, network, the other ones, and one retry after signing in again when not online', async () => {
    const { port, controller, state } = setup();
    port.failures.push(new CallPermissionError('denied'));
    await controller.start([ADA.id], 'video');
    expect(state().lastError?.message).toBe('Microphone/camera permission denied');
    port.failures.push(new CallPermissionError('denied'));
    await controller.start([ADA.id], 'voice');
    expect(state().lastError?.message).toBe('Microphone permission denied');
    port.failures.push(new TypeError('Failed to fetch'));
    await controller.start([ADA.id], 'voice');
    expect(state().lastError?.message).toBe(
      'Could not start call: network error, check your connection',
    );
    port.failures.push(new Error('Callee is busy'));
    await controller.start([ADA.id], 'voice');
    expect(state()).toMatchObject({ phase: 'idle' });
    expect(state().lastError?.message).toBe('Could not start call: Callee is busy');

    port.calls.length = 0;
    port.failures.push(new Error('User is not registered'));
    await controller.start([ADA.id], 'voice');
    expect(port.calls).toEqual([`start voice ${ADA.id}`, 'restart', `start voice ${ADA.id}`]);
    expect(state()).toMatchObject({ phase: 'starting', lastError: null });
  });

  it("without a port: 'Calling not initialized'", async () => {
    const controller = createCallController({ port: null, selfId: ME, onUsage: () => undefined });
    await controller.start([ADA.id], 'voice');
    expect(controller.getState().lastError?.message).toBe('Calling not initialized');
  });

  it('mute / unmute, the modal, Complete removes the selected or hangs up for all', async () => {
    const { port, controller, state } = setup();
    await controller.start([ADA.id, MAX.id], 'voice');
    port.emit({ type: 'state', state: 'Connected' });
    port.emit({ type: 'peers', peers: [ADA, MAX] });
    await controller.toggleMute();
    expect(state().muted).toBe(true);
    await controller.toggleMute();
    expect(port.calls.slice(-2)).toEqual(['muted true', 'muted false']);
    controller.closeModal();
    expect(state().modalOpen).toBe(false);
    controller.openModal();
    expect(state().modalOpen).toBe(true);
    await controller.completed([MAX.id]);
    expect(port.calls).toContain(`remove ${MAX.id}`);
    expect(state().phase).toBe('inCall');
    await controller.completed([ADA.id, MAX.id]);
    expect(state().phase).toBe('ended');
    controller.completeFailed(new Error('HTTP 500'));
    expect(state().lastError?.message).toBe('Failed to complete call');
  });
});

describe('call usage and texts', () => {
  it('reports seconds > 0 only, and drops a repeat of the same participant and mode within 2 s', () => {
    const guard = createUsageGuard();
    const t = 1_000_000;
    expect(guard({ participantAcsId: 'a', seconds: 0, mode: 'voice' }, t)).toBe(false);
    expect(guard({ participantAcsId: 'a', seconds: 5, mode: 'voice' }, t)).toBe(true);
    expect(guard({ participantAcsId: 'a', seconds: 5, mode: 'voice' }, t + 1999)).toBe(false);
    expect(guard({ participantAcsId: 'a', seconds: 5, mode: 'video' }, t + 1999)).toBe(true);
    expect(guard({ participantAcsId: 'b', seconds: 5, mode: 'voice' }, t + 1999)).toBe(true);
    expect(guard({ participantAcsId: 'a', seconds: 5, mode: 'voice' }, t + 2000)).toBe(true);
  });

  it('the timer is mm:ss; the Complete call question names the selected or all', () => {
    expect(elapsedText(0)).toBe('00:00');
    expect(elapsedText(65.9)).toBe('01:05');
    expect(elapsedText(3600)).toBe('60:00');
    expect(completeQuestion(2, 3)).toBe('Remove 2 selected participant(s) from the call?');
    expect(completeQuestion(0, 3)).toBe('Remove all 3 participant(s) from the call?');
  });
});

describe("one's own call time goes to the server as start and end", () => {
  it('says connected once the call connects and ended once it ends, never for a call that never connected', async () => {
    const port = fakePort();
    const said: string[] = [];
    const controller = createCallController({
      port,
      selfId: ME,
      onCallConnected: (kind) => said.push(`connected ${kind}`),
      onCallEnded: () => said.push('ended'),
    });
    await controller.start([ADA.id], 'voice');
    port.emit({ type: 'state', state: 'Disconnected' });
    expect(said).toEqual([]);
    await controller.start([ADA.id], 'video');
    port.emit({ type: 'peers', peers: [ADA] });
    port.emit({ type: 'state', state: 'Connected' });
    expect(said).toEqual(['connected video']);
    await controller.hangUp();
    port.emit({ type: 'state', state: 'Disconnected' });
    expect(said).toEqual(['connected video', 'ended']);
  });
});
