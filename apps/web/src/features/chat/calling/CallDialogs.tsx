import { useEffect, useRef, useState, type ReactNode } from 'react';
import { completeQuestion, elapsedText, type CallController, type CallState } from './controller';
import type { CallingPort } from './port';
import { CALL_UI } from './texts';

/** A modal on the browser's <dialog> (top layer, focus inside); Escape calls `onCancel`. */
function Modal({
  className,
  role = 'dialog',
  label,
  onCancel,
  children,
}: {
  className: string;
  role?: 'dialog' | 'alertdialog';
  label: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onEscape = (event: Event) => {
      event.preventDefault();
      cancel.current();
    };
    dialog.addEventListener('cancel', onEscape);
    return () => {
      dialog.removeEventListener('cancel', onEscape);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className={className} role={role} aria-label={label}>
      {children}
    </dialog>
  );
}

/** 'Complete call': remove the selected participants (or all) from the call. */
export function CompleteCallDialog({
  selected,
  inCall,
  busy,
  onComplete,
  onCancel,
}: {
  selected: number;
  inCall: number;
  busy: boolean;
  onComplete: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal className="call-confirm" label={CALL_UI.completeCall} onCancel={onCancel}>
      <h3>{CALL_UI.completeCall}</h3>
      <p>{completeQuestion(selected, inCall)}</p>
      <div className="call-actions">
        <button
          type="button"
          className="btn call-danger btn-sm"
          disabled={busy}
          onClick={onComplete}
        >
          {CALL_UI.complete}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel}>
          {CALL_UI.cancel}
        </button>
      </div>
    </Modal>
  );
}

/** The incoming-call tone: a 520 Hz sine (document 2 §9), on for 0.4 s of every 1.2 s. */
function useRingTone(on: boolean) {
  useEffect(() => {
    if (!on || typeof AudioContext === 'undefined') return;
    let context: AudioContext;
    try {
      context = new AudioContext();
    } catch {
      return;
    }
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 520;
    gain.gain.value = 0;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    const ring = () => {
      const t = context.currentTime;
      gain.gain.setValueAtTime(0.15, t);
      gain.gain.setValueAtTime(0, t + 0.4);
    };
    ring();
    const timer = setInterval(ring, 1200);
    return () => {
      clearInterval(timer);
      oscillator.stop();
      void context.close().catch(() => undefined);
    };
  }, [on]);
}

/** 'Incoming call from X': Accept (Video), Accept (Voice), Decline; Escape declines. */
export function IncomingCallDialog({
  from,
  controller,
}: {
  from: string;
  controller: CallController;
}) {
  useRingTone(true);
  const title = CALL_UI.incomingFrom(from);
  return (
    <Modal
      className="call-confirm"
      role="alertdialog"
      label={title}
      onCancel={() => void controller.decline()}
    >
      <h3>{title}</h3>
      <div className="call-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void controller.accept('video')}
        >
          {CALL_UI.acceptVideo}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void controller.accept('voice')}
        >
          {CALL_UI.acceptVoice}
        </button>
        <button
          type="button"
          className="btn call-danger btn-sm"
          onClick={() => void controller.decline()}
        >
          {CALL_UI.decline}
        </button>
      </div>
    </Modal>
  );
}

/** A video of the port (local preview or the first remote video) rendered into a box. */
function VideoBox({
  render,
  label,
  className,
  refreshKey,
}: {
  render: ((into: HTMLElement) => Promise<() => void>) | null;
  label: string;
  className: string;
  refreshKey: unknown;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const into = box.current;
    if (!into || !render) return;
    let dispose: (() => void) | null = null;
    let current = true;
    render(into).then(
      (d) => (current ? (dispose = d) : d()),
      () => undefined,
    );
    return () => {
      current = false;
      dispose?.();
    };
  }, [render, refreshKey]);
  return <div ref={box} className={className} role="img" aria-label={label} />;
}

/** The full-screen call: remote video, local preview, mm:ss, participant count, Hang Up, Mute/Unmute, Complete, Close. */
export function CallModal({
  state,
  controller,
  port,
  onComplete,
}: {
  state: CallState;
  controller: CallController;
  port: CallingPort | null;
  onComplete: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = state.connectedAt ? (now - state.connectedAt) / 1000 : 0;
  return (
    <Modal className="call-modal" label={CALL_UI.callLabel} onCancel={controller.closeModal}>
      <div className="call-stage">
        <VideoBox
          className="call-remote"
          label={CALL_UI.remoteVideo}
          render={port ? (el) => port.renderRemote(el) : null}
          refreshKey={state.remoteVideo}
        />
        {!state.remoteVideo && (
          <p className="call-peers">{state.peers.map((p) => p.displayName).join(', ')}</p>
        )}
        {state.kind === 'video' && (
          <VideoBox
            className="call-local"
            label={CALL_UI.localPreview}
            render={port ? (el) => port.renderLocal(el) : null}
            refreshKey={state.connectedAt}
          />
        )}
      </div>
      <p className="call-info">
        <span className="visually-hidden">{CALL_UI.elapsed} </span>
        <time>{elapsedText(seconds)}</time> ·{' '}
        <span>{CALL_UI.peopleInCall(state.peers.length)}</span>
      </p>
      <div className="call-actions">
        <button type="button" className="btn call-danger" onClick={() => void controller.hangUp()}>
          {CALL_UI.hangUp}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void controller.toggleMute()}
        >
          {state.muted ? CALL_UI.unmute : CALL_UI.mute}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onComplete}>
          {CALL_UI.complete}
        </button>
        <button type="button" className="btn btn-ghost call-close" onClick={controller.closeModal}>
          {CALL_UI.close}
        </button>
      </div>
    </Modal>
  );
}
