import { suppliersEntity } from '../entities/suppliers';
import type { RowOfPlain } from '../entities/plain-entity';

// A supplier's rules and row are its entity's declaration (shared/entities/suppliers.ts).
export type SupplierRow = RowOfPlain<typeof suppliersEntity>;
