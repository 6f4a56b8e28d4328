import { eq } from 'drizzle-orm';
import { badRequest } from '../http/errors';
import { companyLogos } from '../db/schema';
import type { Db } from '../db/connection';
import type { MutationTx } from './mutation-tx';
import { isLogoPath, logoPath } from '@shared/schemas/company';
import { newRecordId } from '@shared/sync/record-id';

/**
 * A logo saved with the company's details (a data URL of up to 2 MB) is kept in a row of its own, and
 * the record names it by path (issue 24, point 2): otherwise every pull of the record, every refusal
 * that answers its state and every log of its save carried the image again. A path sent back as it
 * came (a client resending the record) must name a logo the server holds.
 */
export function keepLogoApart(tx: MutationTx, fields: Record<string, unknown>): Record<string, unknown> {
  const logo = fields.logoUrl;
  if (typeof logo !== 'string' || logo === '') return fields;
  if (logo.startsWith('data:')) {
    const id = newRecordId();
    tx.db.insert(companyLogos).values({ id, dataUrl: logo, createdAt: tx.now }).run();
    return { ...fields, logoUrl: logoPath(id) };
  }
  if (!isLogoPath(logo) || !findLogo(tx.db, logo.slice(logo.lastIndexOf('/') + 1))) throw badRequest('That logo is not on the server. Choose the image again.');
  return fields;
}

/** A saved logo's image as its data URL, or undefined. */
export function findLogo(db: Db, id: string): string | undefined {
  return db.select({ dataUrl: companyLogos.dataUrl }).from(companyLogos).where(eq(companyLogos.id, id)).get()?.dataUrl;
}
