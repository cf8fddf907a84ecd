import { MESSAGES } from '@oneeta/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../context.js';
import { tooMany } from '../actions/login-throttle.js';

/** 429 once the client address used up AUTH_MAX_PER_IP_PER_MINUTE (sign-in, register, reset calls). */
export async function limitIp(ctx: AuthContext, request: FastifyRequest) {
  const result = await ctx.limiter.hit(`ip:${request.ip}`, {
    limit: ctx.config.AUTH_MAX_PER_IP_PER_MINUTE,
    windowSeconds: 60,
  });
  if (!result.allowed) throw tooMany(MESSAGES.tooManyRequests, result.retryAfterSeconds);
}
