import type { AuthUser } from '../auth/tokens';
import type { Db } from '../db/connection';
import type { ServerConfig } from '../config';
import type { LoginThrottle } from '../auth/login-throttle';
import type { ChangeNotifier } from '../sync/change-notifier';

export interface AppDeps {
  db: Db;
  config: Pick<ServerConfig, 'TOKEN_TTL_HOURS'>;
  throttle: LoginThrottle;
  /** Wakes the devices' poke streams after a commit that wrote synced rows. */
  changes: ChangeNotifier;
}

export interface AppEnv {
  /** bodyDigest: the SHA-256 of the request body as readJson read it (the Idempotency-Key's check). */
  Variables: { user: AuthUser; bodyDigest?: string };
}
