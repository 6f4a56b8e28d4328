import type { AuthUser } from '../auth/tokens';
import type { Db } from '../db/connection';
import type { ServerConfig } from '../config';
import type { LoginThrottle } from '../auth/login-throttle';

export interface AppDeps {
  db: Db;
  config: Pick<ServerConfig, 'TOKEN_TTL_HOURS'>;
  throttle: LoginThrottle;
}

export interface AppEnv {
  Variables: { user: AuthUser };
}
