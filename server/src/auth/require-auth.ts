import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../http/context';
import { HttpError, forbidden } from '../http/errors';
import { userForToken, tokenFromHeaders } from './tokens';
import { can, type Permission } from '@shared/domain/permissions';
import type { AuthUser } from './tokens';

export const sessionExpiredMessage = 'Your session has expired. Please log in again.';

/** Every /api route but health, login and register passes here: a valid token or 401. */
export function requireAuth({ db }: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = tokenFromHeaders((name) => c.req.header(name));
    const user = token ? await userForToken(db, token) : null;
    if (!user) throw new HttpError(401, sessionExpiredMessage);
    c.set('user', user);
    await next();
  });
}

/** The one role check: every route and every mutation calls this with a permission of decisions.md. */
export function assertCan(user: AuthUser, permission: Permission): void {
  if (!can(user.role, permission)) throw forbidden(`Your role (${user.role}) may not do this.`);
}

export function requirePermission(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    assertCan(c.get('user'), permission);
    await next();
  });
}
