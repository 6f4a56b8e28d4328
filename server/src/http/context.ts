import type { AuthUser } from '../auth/tokens';
import type { Db } from '../db/connection';
import type { ServerConfig } from '../config';
import type { LoginThrottle } from '../auth/login-throttle';
import type { ChangeNotifier } from '../sync/change-notifier';

export interface AppDeps {
  db: Db;
  config: Pick<ServerConfig, 'TOKEN_TTL_HOURS'> & Partial<Pick<ServerConfig, 'TRUSTED_PROXY'>>;
  throttle: LoginThrottle;
  /** Wakes the devices' poke streams after a commit that wrote synced rows. */
  changes: ChangeNotifier;
  /** The oldest sync protocol served (shared/sync/protocol.ts; tests raise it to play a newer server). */
  minimumSyncProtocol?: number;
  /** This start's one-time code for creating the first account away from the shop PC (auth/first-account.ts). */
  setupCode?: string | null;
}

export interface AppEnv {
  /** bodyDigest: the SHA-256 of the request body as readJson read it (the Idempotency-Key's check). */
  Variables: { user: AuthUser; bodyDigest?: string };
}
