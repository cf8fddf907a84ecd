import { defineStack } from '../src/compose.js';
import {
  chat,
  checkout,
  registerVerified,
  newSessionId,
  saveSession,
  inviteAndAccept,
  EVERETT,
  participants,
  inAppKinds,
  CENTRALIA,
} from '../src/product.js';
import { call } from '@oneeta/faults/world';
const [project, port] = process.argv.slice(2);
const stack = defineStack({
  root: '/work/main',
  project: project!,
  port: Number(port),
  internalToken: 'x',
});
const owner = await registerVerified(stack, stack.base, 'Olga Owner');
const guest = await registerVerified(stack, stack.base, 'Ben Driver');
const sessionId = newSessionId();
await saveSession(stack.base, owner, sessionId, new Date(Date.now() + 3 * 3600_000));
await inviteAndAccept(stack.base, owner, sessionId, guest, EVERETT);
await chat(stack.base, sessionId, owner, guest, 'parking on 3rd');
console.log('chat ok');
await checkout(stack.base, owner);
await new Promise((r) => setTimeout(r, 4000));
const ben = (await participants(stack.base, owner.token, sessionId)).find(
  (p) => p.userId === guest.userId,
)!;
console.log('ben', ben);
await saveSession(
  stack.base,
  owner,
  sessionId,
  new Date(Date.now() + ben.travelTimeSeconds! * 1000 + 25_000),
);
for (let i = 0; i < 40; i++) {
  await new Promise((r) => setTimeout(r, 2000));
  const k = await inAppKinds(stack, guest.userId, sessionId);
  console.log(i, JSON.stringify(k));
  if (k['leave-now']) break;
}
console.log(
  (
    await call(`${stack.base}/api/location`, {
      method: 'PUT',
      token: owner.token,
      body: {
        latitude: CENTRALIA.lat,
        longitude: CENTRALIA.lon,
        accuracy: 5,
        timestamp: Date.now(),
      },
    })
  ).status,
);
for (let i = 0; i < 40; i++) {
  await new Promise((r) => setTimeout(r, 2000));
  const k = await inAppKinds(stack, guest.userId, sessionId);
  console.log(i, JSON.stringify(k));
  if (k.late) break;
}
console.log(
  'done',
  JSON.stringify(await inAppKinds(stack, guest.userId, sessionId)),
  JSON.stringify(await inAppKinds(stack, owner.userId, sessionId)),
);
