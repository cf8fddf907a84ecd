import type { SESSION_STATUSES } from '@oneeta/contracts';

/** 'open' or 'closed': the session list's tabs. */
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Every TanStack Query key of the app, in one place. */
export const queryKeys = {
  /** The signed-in user; the token is part of the key so a new token refetches. */
  me: (token: string | null) => ['auth', 'me', token] as const,
  /** Every token's `me`. */
  meRoot: ['auth', 'me'] as const,
  health: ['health'] as const,
  sessionsRoot: ['sessions'] as const,
  /** Every page of every tab of the session list. */
  sessionListRoot: ['sessions', 'mine'] as const,
  sessionList: (status: SessionStatus, pageSize: number) =>
    ['sessions', 'mine', status, pageSize] as const,
  sessionLimits: ['sessions', 'limits'] as const,
  /** The signed-in user's pending invites (GET /api/sessions/my-invites). */
  myInvites: ['sessions', 'my-invites'] as const,
  /** The push calls of the profile page; `pushDevicesRoot` invalidates every token's list. */
  pushVapidKey: ['push', 'vapidPublicKey'] as const,
  /** How this install reaches people (GET /api/notifications/channels). */
  notificationChannels: ['notifications', 'channels'] as const,
  /** The signed-in user's unread in-app notifications (issue 15); `inboxRoot` refreshes every token's. */
  inboxRoot: ['notifications', 'inbox'] as const,
  inbox: (token: string | null) => ['notifications', 'inbox', token] as const,
  /** The user's notification preferences and muted sessions. */
  notificationPreferencesRoot: ['notifications', 'preferences'] as const,
  notificationPreferences: (token: string | null) =>
    ['notifications', 'preferences', token] as const,
  pushDevicesRoot: ['push', 'devices'] as const,
  pushDevices: (token: string | null) => ['push', 'devices', token] as const,
  session: (id: string) => ['sessions', 'detail', id] as const,
  /** Every chat thread's message list (a /ws chat nudge refetches them). */
  chatRoot: ['chat'] as const,
  /** The newest messages of one chat thread (issue 16). */
  chatMessages: (threadId: string) => ['chat', 'messages', threadId] as const,
  invite: (id: string, code: string) => ['sessions', 'invite', id, code] as const,
  /** GET /api/maps/token: which map the browser draws (and its credentials), per session page. */
  /** GET /api/maps/traveltimes for the editor's preview, per rounded origin and destination. */
  travelPreview: (olat: number, olon: number, dlat: number, dlon: number) =>
    ['maps', 'traveltimes', 'preview', olat, olon, dlat, dlon] as const,
  mapToken: (sessionId: string | null) => ['maps', 'token', sessionId] as const,
  /** The local provider's checkout (issue 18) and the caller's subscription, per token. */
  billingCheckout: (id: string) => ['billing', 'checkout', id] as const,
  billingSubscription: (token: string | null) => ['billing', 'subscription', token] as const,
  /** Owner tools of the quick session page (served by the admin service). */
  sessionAudit: (id: string) => ['sessions', 'audit', id] as const,
  sessionAuditSummary: (id: string) => ['sessions', 'audit-summary', id] as const,
  sessionMatrixUsage: (id: string) => ['sessions', 'matrix-usage', id] as const,
  /** The admin portal (doc 2 §7 "Admin"); `adminRoot` refreshes every one of them. */
  adminRoot: ['admin'] as const,
  adminUsage: ['admin', 'azure-usage'] as const,
  adminMatrixTop: ['admin', 'matrix', 'top'] as const,
  adminNotifications: ['admin', 'notifications'] as const,
  adminChats: ['admin', 'chats'] as const,
  adminCallSeconds: ['admin', 'call-seconds'] as const,
  adminQueue: ['admin', 'queue'] as const,
  adminRecentEnqueue: ['admin', 'recent-enqueue'] as const,
  adminSessionCounts: ['admin', 'sessions', 'counts'] as const,
  adminUsers: ['admin', 'users'] as const,
  adminSessionMatrix: (id: string) => ['admin', 'matrix', 'session', id] as const,
  adminSessionOrigins: (id: string) => ['admin', 'azure-usage', 'origins', id] as const,
  adminSessionNotifications: (id: string) => ['admin', 'notifications', id] as const,
  adminSessionChats: (id: string) => ['admin', 'chats', id] as const,
  adminSessionCallParticipants: (id: string) => ['admin', 'call-seconds', id] as const,
  adminTravelTimesAudit: (id: string) => ['admin', 'audit', 'travel_times', id] as const,
};
