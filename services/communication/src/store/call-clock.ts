import { CALL_USAGE_MAX_SECONDS, type CALL_MODES } from '@oneeta/contracts';
import type { Redis } from '@oneeta/service-kit';

/** The open call of one member in one session: its id, its mode and when the server saw it start. */
export interface OpenCall {
  callId: string;
  mode: (typeof CALL_MODES)[number];
  startedAtMs: number;
}

/** Ends the open call when its id matches: returns it (and deletes it) with Redis's clock now, atomically. */
const END = `
local v = redis.call('GET', KEYS[1])
if not v then return nil end
local open = cjson.decode(v)
if open.callId ~= ARGV[1] then return nil end
redis.call('DEL', KEYS[1])
local t = redis.call('TIME')
return { v, tostring(tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)) }
`;

/**
 * When each member's call began, by Redis's clock (one clock for every replica). One open call per
 * member and session: a new start replaces one never ended; an open call expires after the longest
 * call the ledger counts.
 */
export function createCallClock(redis: Redis, prefix: string) {
  const keyOf = (sessionId: string, identity: string) =>
    `${prefix}:call-open:${sessionId}:${identity}`;
  const nowMs = async () => {
    const [seconds, micros] = await redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };
  return {
    async start(
      sessionId: string,
      identity: string,
      call: Omit<OpenCall, 'startedAtMs'>,
    ): Promise<OpenCall> {
      const open: OpenCall = { ...call, startedAtMs: await nowMs() };
      await redis.set(
        keyOf(sessionId, identity),
        JSON.stringify(open),
        'EX',
        CALL_USAGE_MAX_SECONDS,
      );
      return open;
    },
    /** The call it ended and when, or null when that call is not open (ended already, or never started). */
    async end(
      sessionId: string,
      identity: string,
      callId: string,
    ): Promise<{ open: OpenCall; endedAtMs: number } | null> {
      const result = (await redis.eval(END, 1, keyOf(sessionId, identity), callId)) as
        [string, string] | null;
      if (!result) return null;
      return { open: JSON.parse(result[0]) as OpenCall, endedAtMs: Number(result[1]) };
    },
  };
}
export type CallClock = ReturnType<typeof createCallClock>;
