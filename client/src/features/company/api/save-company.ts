import { db } from '../../../db/instance';
import { runLocalMutation } from '../../../sync/local-mutation';
import { companyId, type CompanyInput } from '../../../../../shared/schemas/company';

/** Saves the company details on this device and queues them for the server (an upsert of the one record). */
export async function saveCompany(input: Omit<CompanyInput, 'id'>): Promise<void> {
  await runLocalMutation(db, 'saveCompany', { ...input, id: companyId });
}
