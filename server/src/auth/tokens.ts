import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { prepared } from '../db/prepared';
import { tokens, users } from '../db/schema';
import type { Role } from '@shared/domain/permissions';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random bearer token; only its hash is stored, so a copied database grants no sessions. */
export async function issueToken(db: Db, userId: string, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(tokens)
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: new Date().toISOString(),
      expiresAt: Date.now() + ttlHours * 3600_000,
    })
    .run();
  return token;
}

/** The active user behind a token that is neither expired nor revoked, else null. */
export async function userForToken(db: Db, token: string): Promise<AuthUser | null> {
  // Asked on every request: prepared once per connection (db/prepared.ts) rather than built and
  // prepared by drizzle each time (issue 24, point 1: a push's time outside its apply).
  const session = prepared(db, 'tokens:userFor', () =>
    db
      .select({ user: users, expiresAt: tokens.expiresAt, revokedAt: tokens.revokedAt })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(eq(tokens.tokenHash, sql.placeholder('tokenHash')))
      .prepare(),
  );
  const found = await session.get({ tokenHash: hashToken(token) });
  if (!found || found.revokedAt || found.expiresAt <= Date.now() || !found.user.status) return null;
  const { id, name, email, role } = found.user;
  return { id, name, email, role };
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(tokens.tokenHash, hashToken(token))))
    .run();
}

/** Ends every session of a user; `keepToken` spares the caller's own (a user who changes their own password stays in). */
export async function revokeUserTokens(db: Db, userId: string, keepToken?: string): Promise<void> {
  const scope = keepToken ? and(eq(tokens.userId, userId), ne(tokens.tokenHash, hashToken(keepToken))) : eq(tokens.userId, userId);
  await db.update(tokens).set({ revokedAt: new Date().toISOString() }).where(scope).run();
}

export function tokenFromHeaders(header: (name: string) => string | undefined): string | null {
  const direct = header('token');
  if (direct) return direct.trim();
  const authorization = header('authorization');
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? null;
}
