import type { Logger } from 'drizzle-orm';

let sent = 0;

/** Statements this process has sent to its database through drizzle (`db_queries_total`). */
export const queriesSent = () => sent;

/** drizzle's logger hook, counting every statement (transactions' own included). */
export const countingLogger: Logger = {
  logQuery() {
    sent += 1;
  },
};
