// The ACS calling port: `@azure/communication-calling` (CallClient, CallAgent, Call). The SDK module
// is passed in (port.ts imports it lazily), so tests run this code against a fake of the SDK.
import type {
  Call,
  CallAgent,
  CallClient,
  DeviceManager,
  IncomingCall,
  LocalVideoStream,
  RemoteParticipant,
  RemoteVideoStream,
  VideoDeviceInfo,
  VideoStreamRenderer,
} from '@azure/communication-calling';
import {
  AzureCommunicationTokenCredential,
  getIdentifierRawId,
  type CommunicationIdentifierKind,
} from '@azure/communication-common';
import {
  CallPermissionError,
  type CallingPort,
  type CallingTarget,
  type CallKind,
  type CallPeer,
  type CallPortEvent,
} from './port';
import { CALL_UI } from './texts';

/** The part of the SDK module this port uses. */
export interface CallingSdk {
  CallClient: new () => Pick<CallClient, 'createCallAgent' | 'getDeviceManager'>;
  LocalVideoStream: new (source: VideoDeviceInfo) => LocalVideoStream;
  VideoStreamRenderer: new (
    stream: LocalVideoStream | RemoteVideoStream,
  ) => Pick<VideoStreamRenderer, 'createView' | 'dispose'>;
}

const rawId = (id: CommunicationIdentifierKind | undefined) => (id ? getIdentifierRawId(id) : '');

const peerOf = (p: RemoteParticipant): CallPeer => {
  const id = rawId(p.identifier);
  return { id, displayName: p.displayName || id };
};

/** An ACS raw id as the identifier startCall takes ('8:acs:…' is a communication user). */
const identifierOf = (id: string) => ({ communicationUserId: id });

export async function createAcsCallingPort(
  sdk: CallingSdk,
  target: CallingTarget,
): Promise<CallingPort> {
  const listeners = new Set<(event: CallPortEvent) => void>();
  const emit = (event: CallPortEvent) => {
    for (const listener of listeners) listener(event);
  };
  let client: Pick<CallClient, 'createCallAgent' | 'getDeviceManager'>;
  let agent: CallAgent;
  let devices: DeviceManager;
  let call: Call | null = null;
  let incoming: IncomingCall | null = null;
  let localVideo: LocalVideoStream | null = null;

  const signIn = async () => {
    client = new sdk.CallClient();
    const credential = new AzureCommunicationTokenCredential({
      token: target.token,
      tokenRefresher: () => target.refreshToken(),
      refreshProactively: true,
    });
    agent = await client.createCallAgent(credential, { displayName: target.displayName });
    devices = await client.getDeviceManager();
    agent.on('incomingCall', ({ incomingCall }) => {
      incoming = incomingCall;
      incomingCall.on('callEnded', () => {
        if (incoming === incomingCall) {
          incoming = null;
          emit({ type: 'incomingGone' });
        }
      });
      emit({
        type: 'incoming',
        callerId: rawId(incomingCall.callerInfo.identifier),
        callerName: incomingCall.callerInfo.displayName ?? '',
      });
    });
  };
  await signIn();

  const permission = async (kind: CallKind) => {
    const access = await devices.askDevicePermission({ audio: true, video: kind === 'video' });
    if (!access.audio || (kind === 'video' && !access.video))
      throw new CallPermissionError(kind === 'video' ? CALL_UI.micCameraDenied : CALL_UI.micDenied);
  };
  const videoOptions = async (kind: CallKind) => {
    if (kind !== 'video') return {};
    const [camera] = await devices.getCameras();
    if (!camera) return {};
    localVideo = new sdk.LocalVideoStream(camera);
    return { videoOptions: { localVideoStreams: [localVideo] } };
  };

  const remoteVideoAvailable = () =>
    call?.remoteParticipants.some((p) => p.videoStreams.some((s) => s.isAvailable)) ?? false;
  const watchParticipant = (p: RemoteParticipant) => {
    const onStreams = () => emit({ type: 'remoteVideo', available: remoteVideoAvailable() });
    for (const stream of p.videoStreams) stream.on('isAvailableChanged', onStreams);
    p.on('videoStreamsUpdated', ({ added }) => {
      for (const stream of added) stream.on('isAvailableChanged', onStreams);
      onStreams();
    });
  };
  const follow = (next: Call) => {
    call = next;
    const peers = () => emit({ type: 'peers', peers: next.remoteParticipants.map(peerOf) });
    next.on('stateChanged', () => {
      emit({ type: 'state', state: next.state });
      if (next.state === 'Disconnected') {
        const reason = next.callEndReason;
        emit({ type: 'ended', reason: reason ? `code ${reason.code}/${reason.subCode ?? 0}` : '' });
        if (call === next) call = null;
        localVideo = null;
      }
    });
    next.on('isMutedChanged', () => emit({ type: 'muted', muted: next.isMuted }));
    next.on('remoteParticipantsUpdated', ({ added }) => {
      added.forEach(watchParticipant);
      peers();
    });
    next.remoteParticipants.forEach(watchParticipant);
    emit({ type: 'state', state: next.state });
    peers();
  };

  const render = async (
    stream: LocalVideoStream | RemoteVideoStream | undefined,
    into: HTMLElement,
  ) => {
    if (!stream) return () => undefined;
    const renderer = new sdk.VideoStreamRenderer(stream);
    const view = await renderer.createView({ scalingMode: 'Crop' });
    into.replaceChildren(view.target);
    return () => {
      renderer.dispose();
      into.replaceChildren();
    };
  };

  return {
    async startCall(targets, kind) {
      await permission(kind);
      follow(agent.startCall(targets.map(identifierOf), await videoOptions(kind)));
    },
    async restart() {
      await agent.dispose().catch(() => undefined);
      await signIn();
    },
    async acceptIncoming(kind) {
      const ringing = incoming;
      if (!ringing) throw new Error(CALL_UI.noIncoming);
      await permission(kind);
      incoming = null;
      follow(await ringing.accept(await videoOptions(kind)));
    },
    async declineIncoming() {
      const ringing = incoming;
      incoming = null;
      await ringing?.reject();
    },
    async hangUp() {
      await call?.hangUp();
    },
    async setMuted(muted) {
      if (!call) throw new Error(CALL_UI.noCallClient);
      await (muted ? call.mute() : call.unmute());
    },
    async removeParticipants(ids) {
      const current = call;
      if (!current) throw new Error(CALL_UI.noCallClient);
      await Promise.all(
        current.remoteParticipants
          .filter((p) => ids.includes(rawId(p.identifier)))
          .map((p) => current.removeParticipant(p.identifier)),
      );
    },
    renderLocal: (into) => render(localVideo ?? undefined, into),
    renderRemote: (into) =>
      render(
        call?.remoteParticipants.flatMap((p) => p.videoStreams).find((s) => s.isAvailable),
        into,
      ),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      listeners.clear();
      void call?.hangUp().catch(() => undefined);
      void agent.dispose().catch(() => undefined);
    },
  };
}
