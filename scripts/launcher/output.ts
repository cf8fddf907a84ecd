// Prefixing each child's output lines with its name.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { styleText } from 'node:util';

const COLORS = ['cyan', 'magenta', 'yellow', 'green', 'blue', 'red'] as const;

/** `auth    | ` — padded to `width`, coloured by `index` when `color` is true. */
export function formatPrefix(name: string, width: number, index: number, color: boolean): string {
  const label = `${name.padEnd(width)} | `;
  return color ? styleText(COLORS[index % COLORS.length] ?? 'cyan', label) : label;
}

/** Writes every line of `stream` to `out` with `prefix` in front, after `format`. */
export function pipeLines(
  stream: Readable,
  prefix: string,
  out: NodeJS.WritableStream,
  format: (line: string) => string = (line) => line,
): void {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    for (const part of format(line).split('\n')) out.write(`${prefix}${part}\n`);
  });
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface PinoLine {
  level: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

/** A pino JSON line as one short human line (`INFO request completed 201 17 ms`); other lines unchanged. */
export function prettyLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  let entry: PinoLine;
  try {
    entry = JSON.parse(line) as PinoLine;
  } catch {
    return line;
  }
  if (typeof entry.level !== 'number') return line;
  const {
    level,
    msg,
    req,
    res,
    responseTime,
    err,
    time: _t,
    pid: _p,
    hostname: _h,
    service: _s,
    reqId: _r,
    ...rest
  } = entry;
  const parts = [LEVELS[level] ?? String(level), msg ?? ''];
  if (req) parts.push(`${req.method} ${req.url}`);
  if (res) parts.push(String(res.statusCode));
  if (typeof responseTime === 'number') parts.push(`${Math.round(responseTime)} ms`);
  if (Object.keys(rest).length > 0) parts.push(JSON.stringify(rest));
  if (err) parts.push(`\n${err.stack ?? err.message}`);
  return parts.filter(Boolean).join(' ');
}

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

export function launcherLogger(width: number, color: boolean): Logger {
  const prefix = formatPrefix('launcher', width, COLORS.length - 1, color);
  return {
    info: (message) => process.stdout.write(`${prefix}${message}\n`),
    error: (message) => process.stderr.write(`${prefix}${message}\n`),
  };
}
