import { createHash } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import { badRequest } from '../http/errors';
import { companyLogos } from '../db/schema';
import type { Db } from '../db/connection';
import type { MutationTx } from './mutation-tx';
import { isLogoPath, logoPath } from '@shared/schemas/company';

/** A logo's id is a digest of its data URL: the same image saved again is the same row and path. */
const logoIdOf = (dataUrl: string) => createHash('sha256').update(dataUrl).digest('hex');

/** The id a logo path names, or '' (no logo). */
const idOfPath = (path: string) => (isLogoPath(path) ? path.slice(path.lastIndexOf('/') + 1) : '');

/**
 * A logo saved with the company's details (a data URL of up to 2 MB) is kept in a row of its own, and
 * the record names it by path (issue 24, point 2): otherwise every pull of the record, every refusal
 * that answers its state and every log of its save carried the image again. Stored before the later
 * edit rule decides whether the save's logo stands: keepOnlyNamedLogo drops it if it does not.
 */
export async function keepLogoApart(tx: MutationTx, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const logo = fields.logoUrl;
  if (typeof logo !== 'string' || !logo.startsWith('data:')) return fields;
  const id = logoIdOf(logo);
  await tx.db.insert(companyLogos).values({ id, dataUrl: logo, createdAt: tx.now }).onConflictDoNothing().run();
  return { ...fields, logoUrl: logoPath(id) };
}

/**
 * Once a save stands, only the logo the record names is kept (issue 42: each save kept a 2 MB image
 * for good), in the save's own transaction. A save that changed the record's logo to a path must
 * name a logo the server holds: a client resending an old record names one since replaced (400). A
 * late edit's logo that lost to a later one (later-edit-wins.ts) changed nothing, so it is not
 * refused: its other fields stand and its image, if it brought one, goes.
 */
export async function keepOnlyNamedLogo(tx: MutationTx, before: Readonly<Record<string, unknown>> | undefined, after: Readonly<Record<string, unknown>>): Promise<void> {
  const named = String(after.logoUrl ?? '');
  const id = idOfPath(named);
  if (named !== '' && named !== String(before?.logoUrl ?? '') && !(id && (await findLogo(tx.db, id)))) {
    throw badRequest('That logo is not on the server. Choose the image again.');
  }
  await tx.db.delete(companyLogos).where(ne(companyLogos.id, id)).run();
}

/** A saved logo's image as its data URL, or undefined. */
export async function findLogo(db: Db, id: string): Promise<string | undefined> {
  return (await db.select({ dataUrl: companyLogos.dataUrl }).from(companyLogos).where(eq(companyLogos.id, id)).get())?.dataUrl;
}
