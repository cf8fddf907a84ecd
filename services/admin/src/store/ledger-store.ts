import { and, desc, eq, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  BillingUsageData,
  CallUsageData,
  ChatMessageData,
  NotificationSentData,
  SessionChangedData,
  UsageRecordedData,
} from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import {
  billingUsage,
  callUsage,
  chatUsage,
  mapsUsage,
  notificationUsage,
  sessions,
  type MapsUsageRow,
} from './schema.js';

/** The UTC hour of a timestamp column, as an ISO string ('2026-11-25T16:00:00Z'). */
const utcHour = (column: AnyColumn) =>
  sql<string>`to_char(date_trunc('hour', ${column} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24":00:00Z"')`;
const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::int`;
const num = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::float8`;

/**
 * A travel-times call the provider computed (not a cache hit) is billed: its transactions, or
 * ceil(cells / 4) with 4 average cells when its cells are unknown (doc 2 §9).
 */
const billable = sql`(${mapsUsage.event} = 'travel_times' and ${mapsUsage.strategy} <> 'cache')`;
const transactionsOfRow = sql`case when ${billable} then coalesce(${mapsUsage.transactions}, ceil(coalesce(${mapsUsage.cells}, 4) / 4.0)) else 0 end`;
const isMatrixCall = sql`(${mapsUsage.event} = 'travel_times')`;

export const mapsTotals = {
  totalAzureRequests: int(sql`sum(${mapsUsage.providerRequests})`),
  eventCount: int(sql`count(*)`),
  totalMatrixCalls: int(sql`count(*) filter (where ${isMatrixCall})`),
  totalCells: int(sql`sum(case when ${billable} then coalesce(${mapsUsage.cells}, 4) else 0 end)`),
  totalTransactions: int(sql`sum(${transactionsOfRow})`),
};

/** `${at}|${id}` of the last row of a page, URL-safe: where the next (older) page starts. */
export const encodeCursor = (row: Pick<MapsUsageRow, 'at' | 'id'>) =>
  Buffer.from(`${row.at.toISOString()}|${row.id}`).toString('base64url');
export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const when = new Date(at ?? '');
  const id = rest.join('|');
  return Number.isNaN(when.getTime()) || !id ? null : { at: when, id };
}

export function createLedgerStore(db: Database) {
  return {
    /** Each record* stores one event once (by event id); false when it was already stored. */
    async recordMaps(id: string, at: Date, data: UsageRecordedData): Promise<boolean> {
      const { metrics } = data;
      const rows = await db
        .insert(mapsUsage)
        .values({
          id,
          sessionId: data.sessionId,
          event: data.event,
          origin: data.origin,
          jobId: data.jobId,
          request: data.request,
          result: data.result,
          providerRequests: metrics.providerRequests,
          provider: metrics.provider,
          strategy: metrics.strategy,
          durationMs: metrics.durationMs,
          cells: metrics.cells ?? null,
          transactions: metrics.transactions ?? null,
          at,
        })
        .onConflictDoNothing()
        .returning({ id: mapsUsage.id });
      return rows.length === 1;
    },
    async recordNotification(id: string, data: NotificationSentData): Promise<boolean> {
      const { sessionId, userId, kind, channel, outcome } = data;
      const rows = await db
        .insert(notificationUsage)
        .values({ id, sessionId, userId, kind, channel, outcome, at: new Date(data.at) })
        .onConflictDoNothing()
        .returning({ id: notificationUsage.id });
      return rows.length === 1;
    },
    async recordChat(id: string, data: ChatMessageData): Promise<boolean> {
      const rows = await db
        .insert(chatUsage)
        .values({
          id,
          sessionId: data.sessionId,
          senderId: data.senderId,
          length: data.length,
          at: new Date(data.at),
        })
        .onConflictDoNothing()
        .returning({ id: chatUsage.id });
      return rows.length === 1;
    },
    async recordCall(id: string, data: CallUsageData): Promise<boolean> {
      const { sessionId, participantAcsId, seconds, mode } = data;
      const rows = await db
        .insert(callUsage)
        .values({ id, sessionId, participantAcsId, seconds, mode, at: new Date(data.at) })
        .onConflictDoNothing()
        .returning({ id: callUsage.id });
      return rows.length === 1;
    },
    async recordBilling(id: string, data: BillingUsageData): Promise<boolean> {
      const { userId, kind, amountMinor, currency, plan, previousPlan } = data;
      const rows = await db
        .insert(billingUsage)
        .values({
          id,
          userId,
          kind,
          amountMinor,
          currency,
          plan,
          previousPlan,
          at: new Date(data.at),
        })
        .onConflictDoNothing()
        .returning({ id: billingUsage.id });
      return rows.length === 1;
    },
    /** The session's owner and state, unless a newer event already said otherwise. */
    async recordSession(data: SessionChangedData, changedAt: Date): Promise<void> {
      const values = {
        sessionId: data.sessionId,
        creatorUserId: data.creatorUserId,
        isClosed: data.isClosed,
        closedAt: data.closedAt ? new Date(data.closedAt) : null,
        changedAt,
      };
      await db
        .insert(sessions)
        .values(values)
        .onConflictDoUpdate({
          target: sessions.sessionId,
          set: values,
          setWhere: sql`${sessions.changedAt} <= excluded.changed_at`,
        });
    },
    async sessionOwner(sessionId: string): Promise<string | null> {
      const [row] = await db
        .select({ owner: sessions.creatorUserId })
        .from(sessions)
        .where(eq(sessions.sessionId, sessionId));
      return row?.owner ?? null;
    },

    /** The session's maps calls, newest first, `limit` at a time from `cursor`. */
    async auditPage(
      sessionId: string,
      opts: { cursor: { at: Date; id: string } | null; event?: string | undefined; limit: number },
    ) {
      const { cursor } = opts;
      const rows = await db
        .select()
        .from(mapsUsage)
        .where(
          and(
            eq(mapsUsage.sessionId, sessionId),
            opts.event ? eq(mapsUsage.event, opts.event) : undefined,
            cursor
              ? or(
                  lt(mapsUsage.at, cursor.at),
                  and(eq(mapsUsage.at, cursor.at), lt(mapsUsage.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(mapsUsage.at), desc(mapsUsage.id))
        .limit(opts.limit + 1);
      const page = rows.slice(0, opts.limit);
      return {
        rows: page,
        nextCursor: rows.length > opts.limit ? encodeCursor(page.at(-1)!) : null,
      };
    },
    async auditTotals(sessionId: string) {
      const [row] = await db
        .select({ count: mapsTotals.eventCount, azureRequests: mapsTotals.totalAzureRequests })
        .from(mapsUsage)
        .where(eq(mapsUsage.sessionId, sessionId));
      return row ?? { count: 0, azureRequests: 0 };
    },
    /** Maps usage of a session by UTC hour, oldest first (count: travel-times calls). */
    async hourlyMaps(sessionId: string) {
      const hour = utcHour(mapsUsage.at);
      return db
        .select({
          dateHour: hour,
          azureRequests: mapsTotals.totalAzureRequests,
          count: mapsTotals.totalMatrixCalls,
          totalCells: mapsTotals.totalCells,
          transactions: mapsTotals.totalTransactions,
        })
        .from(mapsUsage)
        .where(eq(mapsUsage.sessionId, sessionId))
        .groupBy(hour)
        .orderBy(hour);
    },
    /** Maps totals by session, the most provider requests first, with what the ledger knows of each session. */
    async mapsBySession(limit: number, order: 'azure' | 'transactions' = 'azure') {
      const by =
        order === 'azure'
          ? desc(mapsTotals.totalAzureRequests)
          : desc(mapsTotals.totalTransactions);
      return db
        .select({
          sessionId: sql<string>`${mapsUsage.sessionId}`,
          ...mapsTotals,
          isClosed: sql<boolean>`coalesce(bool_or(${sessions.isClosed}), false)`,
          closedAt: sql<Date | null>`max(${sessions.closedAt})`,
        })
        .from(mapsUsage)
        .leftJoin(sessions, eq(sessions.sessionId, mapsUsage.sessionId))
        .where(sql`${mapsUsage.sessionId} is not null`)
        .groupBy(mapsUsage.sessionId)
        .orderBy(by, mapsUsage.sessionId)
        .limit(limit);
    },
    /** Chat and call totals of these sessions. */
    async chatTotals(sessionIds: string[]) {
      if (sessionIds.length === 0) return [];
      return db
        .select({
          sessionId: chatUsage.sessionId,
          totalMessages: int(sql`count(*)`),
          totalLength: int(sql`sum(${chatUsage.length})`),
        })
        .from(chatUsage)
        .where(inArray(chatUsage.sessionId, sessionIds))
        .groupBy(chatUsage.sessionId);
    },
    async callTotals(sessionIds: string[]) {
      if (sessionIds.length === 0) return [];
      return db
        .select({
          sessionId: callUsage.sessionId,
          totalSeconds: num(sql`sum(${callUsage.seconds})`),
        })
        .from(callUsage)
        .where(inArray(callUsage.sessionId, sessionIds))
        .groupBy(callUsage.sessionId);
    },
    /** Travel-times calls of a session by origin (the maps API, the route-matrix worker). */
    async originTotals(sessionId: string) {
      return db
        .select({
          origin: mapsUsage.origin,
          totalTransactions: mapsTotals.totalTransactions,
          calls: mapsTotals.totalMatrixCalls,
          azureRequests: mapsTotals.totalAzureRequests,
          events: mapsTotals.eventCount,
        })
        .from(mapsUsage)
        .where(eq(mapsUsage.sessionId, sessionId))
        .groupBy(mapsUsage.origin)
        .orderBy(mapsUsage.origin);
    },

    notificationTotals: (limit: number, sessionId?: string) => {
      const count = (channel: string) =>
        int(sql`count(*) filter (where ${notificationUsage.channel} = ${channel})`);
      return db
        .select({
          sessionId: sql<string>`${notificationUsage.sessionId}`,
          totalNotifications: int(sql`count(*)`),
          smsCount: count('sms'),
          emailCount: count('email'),
          pushCount: count('push'),
          inAppCount: count('in_app'),
        })
        .from(notificationUsage)
        .where(
          sessionId
            ? eq(notificationUsage.sessionId, sessionId)
            : sql`${notificationUsage.sessionId} is not null`,
        )
        .groupBy(notificationUsage.sessionId)
        .orderBy(desc(sql`count(*)`), notificationUsage.sessionId)
        .limit(limit);
    },
    hourlyNotifications: (sessionId: string) => {
      const hour = utcHour(notificationUsage.at);
      const count = (channel: string) =>
        int(sql`count(*) filter (where ${notificationUsage.channel} = ${channel})`);
      return db
        .select({
          hour,
          notifications: int(sql`count(*)`),
          smsCount: count('sms'),
          emailCount: count('email'),
          pushCount: count('push'),
        })
        .from(notificationUsage)
        .where(eq(notificationUsage.sessionId, sessionId))
        .groupBy(hour)
        .orderBy(hour);
    },
    chatsBySession: (limit: number, sessionId?: string) =>
      db
        .select({
          sessionId: chatUsage.sessionId,
          totalMessages: int(sql`count(*)`),
          totalLength: int(sql`sum(${chatUsage.length})`),
        })
        .from(chatUsage)
        .where(sessionId ? eq(chatUsage.sessionId, sessionId) : undefined)
        .groupBy(chatUsage.sessionId)
        .orderBy(desc(sql`count(*)`), chatUsage.sessionId)
        .limit(limit),
    hourlyChats: (sessionId: string) => {
      const hour = utcHour(chatUsage.at);
      return db
        .select({
          hour,
          messages: int(sql`count(*)`),
          totalLength: int(sql`sum(${chatUsage.length})`),
        })
        .from(chatUsage)
        .where(eq(chatUsage.sessionId, sessionId))
        .groupBy(hour)
        .orderBy(hour);
    },
    callsBySession: (limit: number) =>
      db
        .select({
          sessionId: callUsage.sessionId,
          totalSeconds: num(sql`sum(${callUsage.seconds})`),
        })
        .from(callUsage)
        .groupBy(callUsage.sessionId)
        .orderBy(desc(sql`sum(${callUsage.seconds})`), callUsage.sessionId)
        .limit(limit),
    callParticipants: (sessionId: string) =>
      db
        .select({
          participantAcsId: callUsage.participantAcsId,
          mode: sql<'voice' | 'video'>`${callUsage.mode}`,
          totalSeconds: num(sql`sum(${callUsage.seconds})`),
        })
        .from(callUsage)
        .where(eq(callUsage.sessionId, sessionId))
        .groupBy(callUsage.participantAcsId, callUsage.mode)
        .orderBy(callUsage.participantAcsId, callUsage.mode),

    /**
     * Deletes the audit log, matrix requests (travel-times calls), billing and notification usage in
     * one transaction, and says how many of each went; matrixUsage counts the hourly buckets the
     * deleted matrix requests made up.
     */
    async clearAudit() {
      return db.transaction(async (handle) => {
        const tx = handle as unknown as Database;
        const [buckets] = await tx
          .select({
            n: int(
              sql`count(distinct (${mapsUsage.sessionId}, date_trunc('hour', ${mapsUsage.at} at time zone 'UTC')))`,
            ),
          })
          .from(mapsUsage)
          .where(isMatrixCall);
        const maps = await tx.delete(mapsUsage).returning({ event: mapsUsage.event });
        const billing = await tx.delete(billingUsage).returning({ id: billingUsage.id });
        const notifications = await tx
          .delete(notificationUsage)
          .returning({ id: notificationUsage.id });
        const matrixRequests = maps.filter((r) => r.event === 'travel_times').length;
        return {
          auditLog: maps.length - matrixRequests,
          matrixRequests,
          matrixUsage: buckets?.n ?? 0,
          billingUsage: billing.length,
          notificationUsage: notifications.length,
        };
      });
    },
  };
}
export type LedgerStore = ReturnType<typeof createLedgerStore>;
