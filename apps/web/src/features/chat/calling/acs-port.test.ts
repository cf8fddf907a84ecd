// The ACS calling port against a fake of `@azure/communication-calling` (the external SDK): the
// fake plays CallAgent / Call / IncomingCall with their event names and shapes.
import type { CallAgent } from '@azure/communication-calling';
import { describe, expect, it } from 'vitest';
import { createAcsCallingPort, type CallingSdk } from './acs-port';
import { createCallController } from './controller';
import { CallPermissionError, type CallPortEvent } from './port';

type Listener = (args?: unknown) => void;
class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>();
  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }
  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
  }
  fire(event: string, args?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(args);
  }
}

const user = (id: string) => ({ kind: 'communicationUser', communicationUserId: id });

class FakeParticipant extends Emitter {
  videoStreams: { isAvailable: boolean; on: Listener }[] = [];
  constructor(
    readonly identifier: ReturnType<typeof user>,
    readonly displayName: string,
  ) {
    super();
  }
}

class FakeCall extends Emitter {
  state = 'Connecting';
  isMuted = false;
  callEndReason: { code: number; subCode: number } | undefined;
  remoteParticipants: FakeParticipant[] = [];
  log: string[];
  constructor(log: string[]) {
    super();
    this.log = log;
  }
  setState(state: string) {
    this.state = state;
    this.fire('stateChanged');
  }
  join(p: FakeParticipant) {
    this.remoteParticipants = [...this.remoteParticipants, p];
    this.fire('remoteParticipantsUpdated', { added: [p], removed: [] });
  }
  async hangUp() {
    this.log.push('hangUp');
    this.callEndReason = { code: 0, subCode: 0 };
    this.setState('Disconnected');
  }
  async mute() {
    this.isMuted = true;
    this.fire('isMutedChanged');
  }
  async unmute() {
    this.isMuted = false;
    this.fire('isMutedChanged');
  }
  async removeParticipant(id: ReturnType<typeof user>) {
    this.log.push(`remove ${id.communicationUserId}`);
    const gone = this.remoteParticipants.filter((p) => p.identifier === id);
    this.remoteParticipants = this.remoteParticipants.filter((p) => p.identifier !== id);
    this.fire('remoteParticipantsUpdated', { added: [], removed: gone });
  }
}

function fakeSdk(access = { audio: true, video: true }) {
  const log: string[] = [];
  const agents: (Emitter & { calls: FakeCall[] })[] = [];
  const sdk = {
    CallClient: class {
      async createCallAgent(_credential: unknown, options: { displayName: string }) {
        log.push(`agent ${options.displayName}`);
        const agent = Object.assign(new Emitter(), {
          calls: [] as FakeCall[],
          startCall(
            targets: { communicationUserId: string }[],
            options: { videoOptions?: unknown },
          ) {
            log.push(
              `startCall ${targets.map((t) => t.communicationUserId).join(',')}${options.videoOptions ? ' +video' : ''}`,
            );
            const call = new FakeCall(log);
            agent.calls.push(call);
            return call;
          },
          async dispose() {
            log.push('agent disposed');
          },
        });
        agents.push(agent);
        return agent as unknown as CallAgent;
      }
      async getDeviceManager() {
        return {
          askDevicePermission: async (c: { audio: boolean; video: boolean }) => {
            log.push(`permission audio=${c.audio} video=${c.video}`);
            return access;
          },
          getCameras: async () => [{ id: 'cam', name: 'Camera' }],
        };
      }
    },
    LocalVideoStream: class {
      constructor(readonly source: unknown) {}
    },
    VideoStreamRenderer: class {
      async createView() {
        return { target: 'view' };
      }
      dispose() {}
    },
  } as unknown as CallingSdk;
  return { sdk, log, agents };
}

/** An unsigned token with `exp`: the SDK's credential reads the expiry from it. */
const token = () => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
};
const target = () => ({ token: token(), displayName: 'Olivia', refreshToken: async () => token() });

describe('the ACS calling port (against a fake of the calling SDK)', () => {
  it('starts a video call: permission, the camera, the call states, peers, mute, Complete, hang up', async () => {
    const { sdk, log, agents } = fakeSdk();
    const port = await createAcsCallingPort(sdk, target());
    const events: CallPortEvent[] = [];
    port.subscribe((e) => events.push(e));
    const controller = createCallController({ port, selfId: '8:acs:me', onUsage: () => undefined });
    await controller.start(['8:acs:ada', '8:acs:max'], 'video');
    expect(log).toEqual([
      'agent Olivia',
      'permission audio=true video=true',
      'startCall 8:acs:ada,8:acs:max +video',
    ]);
    const call = agents[0]!.calls[0]!;
    call.join(new FakeParticipant(user('8:acs:ada'), 'Ada'));
    call.join(new FakeParticipant(user('8:acs:max'), 'Max'));
    call.setState('Connected');
    expect(controller.getState()).toMatchObject({ phase: 'inCall', modalOpen: true });
    expect(controller.getState().peers).toEqual([
      { id: '8:acs:ada', displayName: 'Ada' },
      { id: '8:acs:max', displayName: 'Max' },
    ]);
    await controller.toggleMute();
    expect(controller.getState().muted).toBe(true);
    await controller.completed(['8:acs:max']);
    expect(log).toContain('remove 8:acs:max');
    expect(controller.getState().peers).toHaveLength(1);
    await controller.hangUp();
    expect(log).toContain('hangUp');
    expect(controller.getState().phase).toBe('ended');
    expect(events.some((e) => e.type === 'ended')).toBe(true);
  });

  it('an incoming call rings, is accepted with voice, or declined; a call ended before the answer is gone', async () => {
    const { sdk, log, agents } = fakeSdk();
    const port = await createAcsCallingPort(sdk, target());
    const controller = createCallController({ port, selfId: '8:acs:me', onUsage: () => undefined });
    const ring = () => {
      const incoming = Object.assign(new Emitter(), {
        callerInfo: { identifier: user('8:acs:ada'), displayName: 'Ada Lovelace' },
        accept: async () => {
          log.push('accepted');
          return new FakeCall(log);
        },
        reject: async () => {
          log.push('rejected');
        },
      });
      agents[0]!.fire('incomingCall', { incomingCall: incoming });
      return incoming;
    };
    ring();
    expect(controller.getState()).toMatchObject({
      phase: 'incoming',
      incomingFrom: 'Ada Lovelace',
    });
    await controller.accept('voice');
    expect(log).toContain('permission audio=true video=false');
    expect(log).toContain('accepted');
    expect(controller.getState().phase).toBe('starting');
    await controller.hangUp();

    ring();
    await controller.decline();
    expect(log).toContain('rejected');

    const third = ring();
    third.fire('callEnded', { callEndReason: { code: 0 } });
    expect(controller.getState().phase).toBe('idle');
    await controller.accept('voice');
    expect(controller.getState().lastError?.message).toBe('No incoming call to accept');
  });

  it('a refused microphone is a CallPermissionError: the controller says so', async () => {
    const { sdk } = fakeSdk({ audio: false, video: false });
    const port = await createAcsCallingPort(sdk, target());
    await expect(port.startCall(['8:acs:ada'], 'voice')).rejects.toBeInstanceOf(
      CallPermissionError,
    );
    const controller = createCallController({ port, selfId: '8:acs:me', onUsage: () => undefined });
    await controller.start(['8:acs:ada'], 'voice');
    expect(controller.getState().lastError?.message).toBe('Microphone permission denied');
  });

  it('restart signs in again with a new call agent', async () => {
    const { sdk, log, agents } = fakeSdk();
    const port = await createAcsCallingPort(sdk, target());
    await port.restart();
    expect(agents).toHaveLength(2);
    expect(log).toEqual(['agent Olivia', 'agent disposed', 'agent Olivia']);
  });
});
