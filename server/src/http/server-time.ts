import type { MiddlewareHandler } from 'hono';
import { serverTimeHeader } from '@shared/domain/device-time';

/**
 * Devices measure their clock's offset from this at each sync exchange (shared/domain/device-time.ts),
 * so that what they record offline carries the time it happened in the server's clock.
 */
export const serverTime: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set(serverTimeHeader, String(Date.now()));
};
