import { LIVE_MESSAGES, planLimits, type Session } from '@oneeta/contracts';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Later } from '../../../components/Later';
import { useAuth } from '../../../hooks/use-auth';
import { SPEC } from '../../../text';
import { useSessionLimits } from '../../../hooks/use-session-limits';
import type { MapAction } from '../../arrival-panel/ArrivalPanel';
import { LazyCommunicationWidget } from '../../chat';
import { MuteToggle, SessionAlerts } from '../../inbox';

import { CHAT_SLOT_ID, focusSessionChat } from './chat-focus';
import { sessionLinkOf } from '../clipboard';
import { draftFromSession, sameDestination } from '../editor/draft';
import { useDraftInvitees } from '../invites/use-draft-invitees';
import { InviteeNotice } from '../invites/InviteeNotice';
import { LocationOverlay } from '../location/LocationOverlay';
import { LOCATION_UI } from '../location/location-texts';
import { locationView } from '../location/location-view';
import { StartingAddress } from '../location/StartingAddress';
import { useStartingAddress } from '../location/use-starting-address';
import type { MapFocus, MapMarker, SelectedPlace } from '../../map';
import { PersonalCard, useNowOnChange } from '../people/PersonalCard';
import { markPushMoment } from '../alerts/push-offer';
import { PushOffer } from '../alerts/PushOffer';
import { draftEarliest, ME_ORIGIN, previewOrigins } from '../travel/preview-logic';
import { SignInCallout } from './SignInCallout';
import { SummaryCard } from './SummaryCard';
import { SESSION_UI } from '../texts';
import { useDeviceLocation } from '../location/use-device-location';
import { useSettled } from './use-settled';
import { LoadingScreen } from './StateScreens';
import { useDraft } from '../editor/use-draft';
import { useClock, useLiveSession } from '../live/use-live-session';
import { useLocationSync } from '../location/use-location-sync';
import { useNarrowLayout } from '../../../hooks/use-narrow';
import { useSessionEditor } from '../editor/use-session-editor';
import { useTravelPreview } from '../travel/use-travel-preview';

/**
 * The main screen of /s/{id} for an open session, or for a new one (`session` null, created on
 * its first save): summary, map with place search and the location overlay, details form, travel
 * preview, arrival panel, invites and owner tools; live updates, location sharing and the clock.
 */
/** What renders below the first screen, in a chunk of its own (below.ts). */
const below = () => import('./below');
const MapSlot = lazy(() => below().then((m) => ({ default: m.MapSlot })));
const DetailsForm = lazy(() => below().then((m) => ({ default: m.DetailsForm })));
const TravelPreviewCard = lazy(() => below().then((m) => ({ default: m.TravelPreviewCard })));
const ArrivalPanel = lazy(() => below().then((m) => ({ default: m.ArrivalPanel })));
const InvitesCard = lazy(() => below().then((m) => ({ default: m.InvitesCard })));
const DraftInvitesCard = lazy(() => below().then((m) => ({ default: m.DraftInvitesCard })));
const OwnerTools = lazy(() => below().then((m) => ({ default: m.OwnerTools })));
const SuggestPanel = lazy(() => below().then((m) => ({ default: m.SuggestPanel })));

/** How long the page waits for the device location's first answer before showing without it. */
const LOCATION_SETTLE_MS = 800;

export function SessionMain({ id, session }: { id: string; session: Session | null }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const user = auth.user;
  const guest = auth.status !== 'signed-in';
  const limitsQuery = useSessionLimits(!guest);
  const limits = limitsQuery.data;
  const narrow = useNarrowLayout();
  const [mapHidden, setMapHidden] = useState(false);
  const [left, setLeft] = useState(false);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const now = useNowOnChange(useClock(), session);

  const role = session?.viewerRole ?? (guest ? 'guest' : 'owner');
  const isOwner = role === 'owner';
  const myRow = user
    ? session?.participants.find((p) => p.userId === user.id && p.status === 'active')
    : undefined;
  const meId = myRow?.id ?? null;
  const member = session !== null && (isOwner || myRow !== undefined) && !left;

  const location = useDeviceLocation(!left);
  const located = useSettled(
    location.status === 'idle' || location.status === 'requesting',
    LOCATION_SETTLE_MS,
  );
  const live = useLiveSession(id, session !== null);
  // Once the server ended location sharing for this session (issue 15), nothing more is sent.
  const sharingEnded = session?.sharingEnded === true;
  useLocationSync(
    meId,
    location.fromCache ? null : location.position,
    member && !guest && !sharingEnded,
  );

  const saved = useMemo(() => (session ? draftFromSession(session) : null), [session]);
  const drafts = useDraft(id, saved);
  const { draft, dirty } = drafts;
  const editsBlocked = isOwner && session !== null && limits?.limits.canEditSavedSession === false;
  const editable = isOwner && !guest && !editsBlocked;
  // Whether the owner's re-plan offer can save (the plan table until the limits are in).
  const canEditSaved =
    limits?.limits.canEditSavedSession ??
    (user ? planLimits(user.plan).canEditSavedSession : false);
  // 'Remove {name}' on the far-behind notice: the arrival panel's 'Confirm remove' for them.
  const [removeRequest, setRemoveRequest] = useState<{ participantId: string; at: number } | null>(
    null,
  );
  const canPick = editable || (guest && session === null);
  // While the owner lists places for 'Where should we meet?', the map's confirmed places go there.
  const [collect, setCollect] = useState<((place: SelectedPlace) => void) | null>(null);
  const onCollect = useCallback(
    (add: ((place: SelectedPlace) => void) | null) => setCollect(() => add),
    [],
  );

  // Where the viewer leaves from: the device, else a starting address picked by search (item 8).
  const starting = useStartingAddress(id, session !== null, meId);
  const canSetAddress = !guest && (session === null ? isOwner : member);
  const where = locationView(location, { start: starting.start, member, canSetAddress });
  const lat = where.origin?.lat;
  const lon = where.origin?.lon;
  const here = useMemo(
    () => (lat !== undefined && lon !== undefined ? { lat, lon } : null),
    [lat, lon],
  );
  const destinationChanged =
    session === null || !sameDestination(draft.destination, session.destination);
  const origins = previewOrigins({ session, meId, me: here, destinationChanged });
  const preview = useTravelPreview(draft.destination, origins, session ? id : undefined);
  const earliest = draftEarliest({ session, destinationChanged, preview: preview.results, now });
  // The viewer's trip: previewed for a new or changed destination, else the server's for their row.
  const mine =
    preview.results.find((r) => r.id === (meId ?? ME_ORIGIN)) ??
    (!destinationChanged && myRow?.travelTimeSeconds != null ? myRow : null);

  const invitees = useDraftInvitees(id);
  const editor = useSessionEditor({
    id,
    session,
    user,
    limits,
    drafts,
    earliest,
    now,
    position: here && { latitude: here.lat, longitude: here.lon, accuracy: 0, timestamp: 0 },
    positionSource: where.origin?.source === 'address' ? 'address' : 'device',
    editable: editable || canPick,
    draftInvitees: invitees.list.length,
    onCreated: () => {
      void invitees.sendAll();
      markPushMoment(id);
    },
  });
  const onMapPlace = collect ?? (canPick ? editor.onPlaceConfirmed : null);
  const [expanded, setExpanded] = useState(session === null);
  // Unsaved changes open the form, so 'Save changes' is in view.
  useEffect(() => {
    if (dirty) setExpanded(true);
  }, [dirty]);

  const markers = useMemo<MapMarker[]>(() => {
    const list: MapMarker[] = [];
    for (const p of session?.participants ?? []) {
      if (p.pending || p.status !== 'active' || p.lat === null || p.lon === null) continue;
      if (p.id === meId && here) continue;
      list.push({
        id: p.id,
        label: p.label || p.name,
        lat: p.lat,
        lon: p.lon,
        kind: p.id === meId ? 'me' : 'participant',
      });
    }
    if (here)
      list.push({
        id: meId ?? ME_ORIGIN,
        label: user?.name || user?.email || SPEC.you,
        lat: here.lat,
        lon: here.lon,
        kind: 'me',
      });
    return list;
  }, [session, meId, here, user?.name, user?.email]);

  const onCenter = useCallback(
    (participantId: string, mode: MapAction) => {
      const p = session?.participants.find((x) => x.id === participantId);
      const at =
        participantId === meId && here
          ? here
          : p && p.lat !== null && p.lon !== null
            ? { lat: p.lat, lon: p.lon }
            : null;
      if (!at) return;
      if (narrow) setMapHidden(false);
      // Following tracks the participant's marker (the viewer's is their device position).
      setFocus({ ...at, key: Date.now(), mode, participantId });
    },
    [session, meId, here, narrow],
  );

  const onLeft = useCallback(() => {
    setLeft(true);
    void navigate({ to: '/sessions' });
  }, [navigate]);

  const mapHiddenNow = narrow && mapHidden;
  const destinationPin = draft.destination
    ? {
        lat: draft.destination.position.lat,
        lon: draft.destination.position.lon,
        name: draft.destination.name,
      }
    : null;

  if (!located) return <LoadingScreen />;
  // The device location's first answer (or the settle timer) is an urgent update: without this
  // Later the whole screen would render in that one blocking task; in it, it renders in slices.
  return (
    <Later fallback={<LoadingScreen />}>
      <div className="page qs-page">
        {guest && <SignInCallout id={id} />}
        {session && !guest && (
          <SessionAlerts
            session={session}
            isOwner={isOwner}
            meId={meId}
            canEdit={canEditSaved}
            now={now}
            onMoveArrival={editor.moveArrival}
            saving={editor.saving}
            problem={editor.problem?.message ?? null}
            onRemove={(participantId) => setRemoveRequest({ participantId, at: Date.now() })}
            onMessage={() => focusSessionChat()}
          />
        )}
        {session && member && <PersonalCard session={session} meId={meId} now={now} />}
        {session && member && <PushOffer sessionId={id} signedIn={!guest} />}
        <LocationOverlay notice={where.notice} onRetry={location.retry}>
          <StartingAddress
            {...(session ? { sessionId: id } : {})}
            near={here}
            destination={draft.destination?.position ?? null}
            current={
              starting.start?.name ?? (myRow?.lat != null ? LOCATION_UI.savedPosition : null)
            }
            busy={starting.saving}
            onConfirm={starting.choose}
          />
        </LocationOverlay>
        <SummaryCard
          id={id}
          session={session}
          guest={guest}
          live={session ? live.connected : null}
          {...(session && member && !guest ? { actions: <MuteToggle sessionId={id} /> } : {})}
        />
        {session && role === 'invitee' && <InviteeNotice session={session} />}
        {/* The first render shows what the viewer came for (alerts, their card, the summary); the
          map and the form, then the panel, then the chat and the owner's tools follow in deferred
          renders, each committed apart, so the page's first paint is not one long task (issue 13).
          They start once the first part is painted, and sit below the summary, so nothing already
          on screen moves when they arrive. Their code is a chunk of its own (below.ts), asked for
          then, and they show together once it is in. */}
        <Later afterPaint>
          <Suspense fallback={null}>
            <div className="qs-layout">
              <MapSlot
                {...(session ? { sessionId: id } : {})}
                destination={destinationPin}
                markers={markers}
                readonly={!onMapPlace}
                near={here}
                {...(onMapPlace ? { onPlaceConfirmed: onMapPlace } : {})}
                focus={focus}
                narrow={narrow}
                hidden={mapHidden}
                onToggle={() => setMapHidden((v) => !v)}
                locationNote={member && sharingEnded ? LIVE_MESSAGES.sharingEnded : where.note}
              />
              <div className="qs-side">
                <DetailsForm
                  id={id}
                  draft={draft}
                  dirty={dirty}
                  editable={editable}
                  canPick={canPick}
                  guest={guest}
                  editsBlocked={editsBlocked}
                  sessionExists={session !== null}
                  earliest={earliest}
                  showSearch={mapHiddenNow}
                  near={here}
                  editor={editor}
                  expanded={expanded}
                  onToggle={() => setExpanded((v) => !v)}
                />
                <TravelPreviewCard
                  hasDestination={draft.destination !== null}
                  mine={mine}
                  earliest={earliest}
                  tzId={draft.tzId}
                  loading={preview.loading}
                  error={preview.error}
                  unsaved={dirty && session !== null}
                />
                {session && member && !guest && (
                  <SuggestPanel
                    id={id}
                    session={session}
                    meId={meId}
                    isOwner={isOwner}
                    member={member}
                    now={now}
                    near={here}
                    plan={user?.plan ?? 'free'}
                    max={
                      limits?.limits.maxSuggestionCandidates ??
                      planLimits(user?.plan ?? 'free').suggestionCandidates
                    }
                    editor={editor}
                    onCollect={onCollect}
                  />
                )}
              </div>
            </div>
            <Later>
              {session && (
                <div className="qs-panel" data-stale={dirty || undefined}>
                  {dirty && (
                    <p className="notice notice-info qs-stale-note" role="status">
                      {SESSION_UI.panelStale}
                    </p>
                  )}
                  <ArrivalPanel
                    session={session}
                    meParticipantId={meId}
                    isOwner={isOwner}
                    now={now}
                    sessionLink={sessionLinkOf(id)}
                    onCenter={onCenter}
                    onLeft={onLeft}
                    removeRequest={removeRequest}
                  />
                </div>
              )}
              <Later>
                {session && member && !guest && (
                  <div className="qs-chat" id={CHAT_SLOT_ID}>
                    <Suspense fallback={null}>
                      <LazyCommunicationWidget
                        sessionId={id}
                        isOwner={isOwner}
                        canConnect
                        live={live.connected}
                        senderName={user?.name?.trim() || user?.email?.trim() || ''}
                        closed={false}
                      />
                    </Suspense>
                  </div>
                )}
                {isOwner && !guest && (
                  <div className="qs-owner">
                    {session ? (
                      <InvitesCard session={session} limits={limits} drafts={invitees} />
                    ) : (
                      <DraftInvitesCard drafts={invitees} limits={limits} />
                    )}
                    {session && <OwnerTools sessionId={id} />}
                  </div>
                )}
              </Later>
            </Later>
          </Suspense>
        </Later>
      </div>
    </Later>
  );
}
