import type { Db } from '@server/db/connection';
import { issueToken } from '@server/auth/tokens';
import { categories, users } from '@server/db/schema';
import { newRecordId } from '@shared/sync/record-id';

/** An Admin with a session, and a category for the pushed items: the same rows on either engine. */
export async function seedAdminAndCategory(db: Db): Promise<{ adminId: string; categoryId: string; token: string }> {
  const now = new Date().toISOString();
  const adminId = newRecordId();
  await db
    .insert(users)
    .values({ id: adminId, name: 'Bench Admin', email: 'bench@garage.local', role: 'Admin', status: true, passwordHash: 'x', createdAt: now, updatedAt: now })
    .run();
  const categoryId = newRecordId();
  await db.insert(categories).values({ id: categoryId, name: 'Bench', description: '', version: 0, deleted: false, updatedAt: now }).run();
  return { adminId, categoryId, token: await issueToken(db, adminId, 24) };
}
