// The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
import { accessSync, constants } from 'node:fs';

type Env = Record<string, string | undefined>;

export const chromiumPath = (env: Env = process.env): string =>
  env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Why the browser tests cannot run here, in one line, or undefined when Chromium is there. */
export function chromiumProblem(env: Env = process.env): string | undefined {
  const file = chromiumPath(env);
  try {
    accessSync(file, constants.X_OK);
    return undefined;
  } catch {
    return `No Chromium at ${file}: install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`;
  }
}
