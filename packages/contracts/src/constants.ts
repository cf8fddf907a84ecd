/** Business constants from the specification (doc 1 §9, doc 2 §9). */
export const TOAST_DURATION_MS = 2200;
export const SIGN_IN_CALLOUT_MS = 4500;
export const EXIT_ANIMATION_MS = 220;
export const HERO_ROTATION_MS = 2800;
export const COACHMARK_MS = 3500;
export const SEARCH_PULSE_MS = 1200;
export const FOLLOW_GRACE_MS = 150;
export const SESSIONS_PAGE_SIZE = 10;
export const SESSIONS_DEFAULT_LIMIT = 20;
export const MAP_RESULTS_LIMIT = 5;
export const SESSION_SEARCH_RESULTS_LIMIT = 6;
export const SEARCH_RADIUS_METERS = 100_000;
export const SESSION_POLL_MS = 15_000;
export const CLOCK_TICK_MS = 15_000;
export const NARROW_LAYOUT_PX = 720;
export const DEFAULT_ARRIVAL_MARGIN_MS = 5 * 60_000;
export const METERS_PER_MILE = 1609.344;
export const SAME_PARTICIPANT_TOLERANCE_DEG = 0.0005;
export const FALLBACK_INVITE_POSITION = { lat: 47.61, lon: -122.33 } as const;
export const JOIN_ATTEMPTS = { limit: 5, windowSeconds: 60, lockSeconds: 300 } as const;
export const JOIN_DELAY_STEP_MS = 200;
export const JOIN_DELAY_CAP_MS = 2000;
export const AUDIT_TABLE_MAX_HEIGHT_PX = 280;
export const LABEL_MAX_CHARS = 14;
export const COMPACT_PANEL_ABOVE = 40;
export const GEO_CACHE_KEY = 'geo:last';
/** Longest display, register or invite name (characters). */
export const NAME_MAX_CHARS = 80;
/**
 * Invite e-mails per UTC day: by one sender, and to one address (whoever sends them). Cancelling an
 * invite gives nothing back. Invites over a limit are still made; their link and code work.
 */
export const INVITE_EMAIL_LIMITS = { perSenderPerDay: 20, perRecipientPerDay: 3 } as const;

/** Lowercase letters and digits 2–9 without i, l, o, 0 and 1 (doc 1 §5). */
export const SESSION_ID_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const SESSION_ID_LENGTH = 7;
/** A session id: SESSION_ID_LENGTH characters of SESSION_ID_ALPHABET. */
export const SESSION_ID_PATTERN = /^[a-hjkmnp-z2-9]{7}$/;

export const TRAVEL_MODES = ['car', 'bicycle', 'walking'] as const;
export const ROUTE_TYPES = ['fastest', 'shortest'] as const;

/** The enterprise lead form's options (doc 2 §3). */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001+'] as const;
export const TIMEFRAMES = ['immediately', '1-3 months', '3-6 months', '6+ months'] as const;
export const BUDGETS = ['exploring', 'has-budget', 'procurement-needed'] as const;
export const ENTERPRISE_NEEDS = [
  'SLA',
  'Priority support',
  'Security review',
  'SOC 2',
  'Custom contract',
  'Higher limits',
] as const;
export const DEFAULT_ENTERPRISE_NEEDS = ['SLA', 'Priority support', 'Higher limits'] as const;
