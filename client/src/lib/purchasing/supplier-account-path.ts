import { paths } from '@/lib/paths';

/** A supplier's account: its bills, payments and returns, and what is not billed yet. */
export const supplierAccountPath = (supplierId: string) => paths.supplierAccount.replace(':supplierId', encodeURIComponent(supplierId));
