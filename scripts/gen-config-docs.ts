// `pnpm gen:config-docs`: writes docs/configuration.md from the config schemas.
import { writeFileSync } from 'node:fs';
import { configDocPath, renderConfigDocs } from './config-docs/render.js';

writeFileSync(configDocPath, await renderConfigDocs());
process.stdout.write(`wrote ${configDocPath}\n`);
