// The inline scripts of early requests (src/api/early.ts), built at build time for
// route-html-plugin.ts. The contracts' constants come from their source file, not the package:
// vite.config.ts is bundled before any workspace package is built (a fresh clone has no dist/).
import { SESSION_ID_PATTERN, SESSIONS_PAGE_SIZE } from '../../packages/contracts/src/constants.js';
import { EARLY_GLOBAL } from './src/api/early.js';
import { TOKEN_KEY } from './src/api/token.js';

/**
 * An inline script (plain JS: it runs before any bundle) that, on a path matching `path`, asks for
 * the URLs `urls` gives: a JS expression over `m` (the path's match) and `t` (the token or null).
 * Each URL must be the exact URL of its client call: the unit test (src/api/early.test.ts) fails when
 * the client would ask one of them again, and the e2e test early-requests.test.ts when the page
 * does. A failed request is caught here (no unhandled rejection); apiRequest asks again.
 */
function earlyScript(path: RegExp, urls: string): string {
  return [
    '(function(){try{',
    `var m=${path.toString()}.exec(location.pathname);if(!m)return;`,
    `var t=localStorage.getItem(${JSON.stringify(TOKEN_KEY)});`,
    `var urls=${urls};`,
    "var h={accept:'application/json'};if(t)h.authorization='Bearer '+t;",
    `var e=window[${JSON.stringify(EARLY_GLOBAL)}]={};`,
    'for(var i=0;i<urls.length;i++){',
    "var r=fetch(urls[i],{headers:h,credentials:'same-origin'});r.catch(function(){});",
    'e[urls[i]]={token:t,at:performance.now(),response:r};}',
    // The page's first Intl call sets up the browser's time-zone data (src/lib/datetime.ts):
    // here, in a task of its own while the scripts download, not among the app's tasks.
    'setTimeout(function(){try{Intl.DateTimeFormat().resolvedOptions()}catch(x){}},0);',
    '}catch(x){}})();',
  ].join('');
}

/**
 * s.html's: what /s/{id}'s first screen asks (the route's loader, the header): the session and
 * the map's token for everyone; signed in, the user, the plan's limits, the alerts and their
 * settings (sessions.ts, maps.ts, auth.ts, notifications.ts).
 */
export function sessionPageEarlyScript(): string {
  const id = SESSION_ID_PATTERN.source.replace(/^\^|\$$/g, '');
  return earlyScript(
    new RegExp(`^/s/(${id})/?$`),
    "['/api/sessions/'+m[1],'/api/maps/token?sessionId='+m[1]].concat(t?" +
      "['/api/auth/me','/api/sessions/limits','/api/notifications/inbox','/api/notifications/preferences']:[])",
  );
}

/**
 * sessions.html's: what /sessions' first screen waits for, signed in (nothing otherwise): the user,
 * the open sessions' first page and the invites (auth.ts, sessions.ts, invites.ts). Not the rest
 * the page asks for (History, the limits, the alerts): over HTTP/1.1 each early request holds one
 * of the browser's six connections to us while the scripts download (measured: asking all six
 * moved LCP 2130 → 2216 ms, these three 2157 → 2068 ms).
 */
export function sessionsPageEarlyScript(): string {
  return earlyScript(
    /^\/sessions\/?$/,
    `t?['/api/auth/me','/api/sessions/mine?status=open&limit=${SESSIONS_PAGE_SIZE}',` +
      "'/api/sessions/my-invites']:[]",
  );
}
