import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { copyText } from '../session/clipboard';
import { CallPanel, IncomingCall, useChatParticipants } from './calling/CallPanel';
import type { CallKind } from './calling/port';
import { useCalling } from './calling/use-call';
import { avatarColourOf, initialsOf, nearBottom, type ChatItem } from './chat-logic';
import { seenText, typingText } from './presence';
import { MessageText } from './MessageText';
import { CHAT_UI } from './texts';
import { useChat } from './use-chat';
import { usePresence } from './use-presence';
import './chat.css';

export interface CommunicationWidgetProps {
  sessionId: string;
  isOwner: boolean;
  /** A signed-in member of an existing session: the widget connects by itself. */
  canConnect: boolean;
  /** The session page's /ws socket is live. */
  live: boolean;
  /** The viewer's profile name, else e-mail; '' when neither is set. */
  senderName: string;
  closed: boolean;
}

const timeOf = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The communication widget of the session page (document 2 §2): header with the connection dot,
 * the Text/Voice/Video modes (calling is 'coming soon'), the connect panel, then the chat box.
 */
export default function CommunicationWidget(props: CommunicationWidgetProps) {
  const base = useId();
  const chat = useChat({
    sessionId: props.sessionId,
    isOwner: props.isOwner,
    autoConnect: props.canConnect,
    live: props.live,
    senderName: props.senderName,
    closed: props.closed,
  });
  const connected = chat.connected;
  const calling = useCalling({
    sessionId: props.sessionId,
    mode: chat.mode,
    token: chat.connection?.token ?? null,
    userId: chat.connection?.userId ?? null,
    displayName: props.senderName,
    refreshToken: chat.refreshToken,
    closed: chat.closed,
  });
  // Text, or the call panel for Voice / Video (only when calling is available: ACS mode).
  const [picked, setPicked] = useState<'text' | CallKind>('text');
  const view = calling.available && !chat.closed ? picked : 'text';
  const modeButton = (kind: CallKind, label: string, soon: string) => (
    <button
      type="button"
      className="chat-mode"
      aria-pressed={view === kind}
      disabled={!calling.available}
      title={calling.available ? undefined : soon}
      onClick={() => setPicked(kind)}
    >
      {label}
    </button>
  );
  return (
    <section
      className="card chat-widget"
      aria-labelledby={`${base}-title`}
      data-testid="chat-widget"
    >
      <header className="chat-head">
        <h2 id={`${base}-title`}>{CHAT_UI.title}</h2>
        <span className="chat-status" data-connected={connected}>
          <span className="chat-dot" aria-hidden="true" />
          {connected ? CHAT_UI.connected : CHAT_UI.disconnected}
        </span>
      </header>
      <div className="chat-modes" role="group" aria-label={CHAT_UI.modes}>
        <button
          type="button"
          className="chat-mode"
          aria-pressed={view === 'text'}
          onClick={() => setPicked('text')}
        >
          {CHAT_UI.text}
        </button>
        {modeButton('voice', CHAT_UI.voice, CHAT_UI.voiceSoon)}
        {modeButton('video', CHAT_UI.video, CHAT_UI.videoSoon)}
        {!calling.available && <span className="badge chat-soon">{CHAT_UI.comingSoon}</span>}
      </div>
      {calling.initError && (
        <p className="chat-error" role="alert">
          {calling.initError}
        </p>
      )}
      {chat.closed ? (
        <p className="notice notice-info chat-closed" role="status">
          {CHAT_UI.sessionClosed}
        </p>
      ) : chat.phase !== 'ready' || chat.connectError ? (
        <div className="chat-connect">
          {chat.phase !== 'ready' && (
            <>
              <p className="muted">{CHAT_UI.connectText}</p>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={chat.phase === 'connecting' || !props.canConnect}
                onClick={chat.connect}
              >
                {chat.phase === 'connecting' ? CHAT_UI.connecting : CHAT_UI.connect}
              </button>
            </>
          )}
          {chat.connectError && (
            <p className="chat-error" role="alert">
              {chat.connectError}
            </p>
          )}
        </div>
      ) : view === 'text' ? (
        <ChatBox
          chat={chat}
          sessionId={props.sessionId}
          senderName={props.senderName}
          labelId={`${base}-title`}
        />
      ) : (
        <CallPanel sessionId={props.sessionId} kind={view} calling={calling} />
      )}
      {calling.available && <IncomingCall calling={calling} />}
      {props.isOwner && !chat.closed && chat.phase === 'ready' && <ResetChat chat={chat} />}
    </section>
  );
}

function ChatBox({
  chat,
  sessionId,
  senderName,
  labelId,
}: {
  chat: ReturnType<typeof useChat>;
  sessionId: string;
  senderName: string;
  labelId: string;
}) {
  const [text, setText] = useState('');
  const presence = usePresence(chat.transport, chat.items, chat.userId, senderName);
  const people = useChatParticipants(
    sessionId,
    presence.seen !== null || presence.typists.size > 0,
  );
  // A name for an id: the chat's participants, else what their messages or typing said.
  const nameOf = (id: string, said = '') =>
    people.data?.participants.find((p) => p.id === id)?.displayName ||
    said ||
    chat.items.findLast((i) => i.senderId === id)?.senderName ||
    CHAT_UI.unknownSender;
  const typing = typingText(
    [...presence.typists].map(([id, t]) => nameOf(id, t.name)),
    CHAT_UI.unknownSender,
  );
  const seen = presence.seen;
  const [popout, setPopout] = useState<ChatItem | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const canSend = senderName !== '';
  const last = chat.items[chat.items.length - 1]?.id;

  // Auto-scroll when the reader was within 80 px of the bottom.
  useLayoutEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [last, chat.items.length]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (chat.loading || !canSend) return;
    if (chat.send(text)) {
      stick.current = true;
      setText('');
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="chat-box">
      {chat.loading ? (
        <p className="muted chat-note" role="status">
          {CHAT_UI.loading}
        </p>
      ) : chat.items.length === 0 ? (
        <div className="chat-empty" role="status">
          <p className="chat-empty-title">{CHAT_UI.empty}</p>
          <p className="muted">{CHAT_UI.emptyHint}</p>
          {!canSend && <p className="muted">{CHAT_UI.nameHint}</p>}
        </div>
      ) : (
        <ol
          ref={list}
          className="chat-list"
          aria-label={CHAT_UI.messages}
          aria-describedby={labelId}
          tabIndex={0}
          onScroll={(e) => {
            stick.current = nearBottom(e.currentTarget);
          }}
        >
          {chat.items.map((item) => (
            <Message
              key={item.id}
              item={item}
              mine={item.senderId !== '' && item.senderId === chat.userId}
              seen={
                seen?.messageId === item.id ? seenText(seen.readers.map((id) => nameOf(id))) : ''
              }
              onAvatar={() => setPopout(item)}
            />
          ))}
        </ol>
      )}
      {!chat.loading && chat.items.length > 0 && !canSend && (
        <p className="muted chat-note">{CHAT_UI.nameHint}</p>
      )}
      {popout && <AvatarPopout item={popout} onClose={() => setPopout(null)} />}
      <p className="chat-typing muted" aria-live="polite">
        {typing}
      </p>
      <form className="chat-form" onSubmit={submit}>
        <textarea
          className="chat-input"
          rows={2}
          aria-label={CHAT_UI.messageLabel}
          placeholder={CHAT_UI.placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim() && canSend) presence.typing();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary" disabled={chat.loading || !canSend}>
          {CHAT_UI.send}
        </button>
      </form>
      {chat.sendError && (
        <p className="chat-error" role="alert">
          {chat.sendError}
        </p>
      )}
    </div>
  );
}

function Message({
  item,
  mine,
  seen,
  onAvatar,
}: {
  item: ChatItem;
  mine: boolean;
  /** 'Seen by …' under my newest message, '' otherwise. */
  seen: string;
  onAvatar: () => void;
}) {
  const name = item.senderName || CHAT_UI.unknownSender;
  const initials = initialsOf(name);
  return (
    <li
      className="chat-message"
      data-mine={mine || undefined}
      data-pending={item.pending || undefined}
      data-message-id={item.id}
    >
      <button
        type="button"
        className="chat-avatar"
        style={{ background: avatarColourOf(item.senderId || name) }}
        // The visible initials are part of the name (WCAG 2.5.3 label in name).
        aria-label={`${name}, ${initials}`}
        aria-haspopup="dialog"
        onClick={onAvatar}
      >
        {initials}
      </button>
      <div className="chat-bubble">
        <p className="chat-meta">
          <span className="chat-sender">{mine ? `${name} (${CHAT_UI.you})` : name}</span>{' '}
          <time dateTime={new Date(item.createdOn).toISOString()}>{timeOf(item.createdOn)}</time>
        </p>
        <p className="chat-text">
          <MessageText text={item.text} />
        </p>
        {seen && <p className="chat-seen">{seen}</p>}
      </div>
    </li>
  );
}

function AvatarPopout({ item, onClose }: { item: ChatItem; onClose: () => void }) {
  const id = useId();
  const close = useRef<HTMLButtonElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => close.current?.focus(), []);
  const name = item.senderName || CHAT_UI.unknownSender;
  return (
    <div
      className="chat-popout"
      role="dialog"
      aria-labelledby={`${id}-name`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <p id={`${id}-name`} className="chat-popout-name">
        {name}
      </p>
      <p className="chat-popout-id">
        {CHAT_UI.idLabel}: <code>{item.senderId}</code>
      </p>
      <div className="chat-popout-actions">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void copyText(item.senderId).then(setCopied)}
        >
          {copied ? CHAT_UI.copied : CHAT_UI.copyId}
        </button>
        <button ref={close} type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {CHAT_UI.close}
        </button>
      </div>
    </div>
  );
}

/** The owner's Reset Chat, with a confirmation step: a new empty thread for the whole session. */
function ResetChat({ chat }: { chat: ReturnType<typeof useChat> }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="chat-reset">
      {asking ? (
        <>
          <p className="chat-reset-question">{CHAT_UI.resetConfirm}</p>
          <div className="chat-popout-actions">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={chat.resetting}
              onClick={() => {
                chat.reset();
                setAsking(false);
              }}
            >
              {CHAT_UI.resetYes}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(false)}>
              {CHAT_UI.cancel}
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={chat.resetting}
          onClick={() => setAsking(true)}
        >
          {chat.resetting ? CHAT_UI.resetting : CHAT_UI.resetChat}
        </button>
      )}
      {chat.resetError && (
        <p className="chat-error" role="alert">
          {chat.resetError}
        </p>
      )}
    </div>
  );
}
