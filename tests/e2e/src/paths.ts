// Where the browser tests write screenshots, axe reports and failure evidence (gitignored).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const artifactsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../artifacts',
);
