// `pnpm images [name…]`: builds the container image of every deployable (or only those named) from
// infra/Dockerfile, tagged `oneeta-<name>` like `docker compose build` names them, and prints each
// image's size and build time. The deployables are the launcher's (scripts/launcher/deployables.ts).
// Environment: DOCKER (the client, default `docker`), IMAGE_PREFIX (default `oneeta-`), IMAGE_TAG
// (default `latest`), NODE_VERSION (passed as the build argument when set).
// Builds use BuildKit (cache mounts): `docker buildx build --load` when the buildx plugin exists,
// else `docker build` with DOCKER_BUILDKIT=1 (a client with built-in BuildKit, e.g. Docker 20.10's).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverDeployables } from './launcher/deployables.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docker = process.env.DOCKER ?? 'docker';
const prefix = process.env.IMAGE_PREFIX ?? 'oneeta-';
const tag = process.env.IMAGE_TAG ?? 'latest';

const deployables = discoverDeployables(root);
const wanted = process.argv.slice(2).filter((a) => a !== '--');
const unknown = wanted.filter((n) => !deployables.some((d) => d.name === n));
if (unknown.length > 0) {
  console.error(
    `Unknown deployable: ${unknown.join(', ')} (there are ${deployables.map((d) => d.name).join(', ')})`,
  );
  process.exit(2);
}
const chosen = wanted.length ? deployables.filter((d) => wanted.includes(d.name)) : deployables;

const buildx = spawnSync(docker, ['buildx', 'version'], { stdio: 'ignore' }).status === 0;
const results: { image: string; seconds: number; bytes: number }[] = [];
for (const d of chosen) {
  const image = `${prefix}${d.name}:${tag}`;
  const args = [
    ...(buildx ? ['buildx', 'build', '--load'] : ['build']),
    '-f',
    'infra/Dockerfile',
    '--build-arg',
    `SERVICE=${d.dir}`,
    ...(process.env.NODE_VERSION
      ? ['--build-arg', `NODE_VERSION=${process.env.NODE_VERSION}`]
      : []),
    '-t',
    image,
    '.',
  ];
  console.log(`\n== ${image} (${d.dir})\n$ ${docker} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(docker, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DOCKER_BUILDKIT: '1' },
  });
  if (run.status !== 0) {
    console.error(`${image}: docker build failed (exit ${run.status ?? run.signal})`);
    process.exit(1);
  }
  const size = spawnSync(docker, ['image', 'inspect', '--format', '{{.Size}}', image], {
    encoding: 'utf8',
  });
  results.push({
    image,
    seconds: (Date.now() - started) / 1000,
    bytes: Number(size.stdout.trim()),
  });
}

console.log('\nimage                               size      build');
for (const r of results) {
  console.log(
    `${r.image.padEnd(34)} ${(r.bytes / 1e6).toFixed(0).padStart(5)} MB ${r.seconds.toFixed(0).padStart(6)} s`,
  );
}
