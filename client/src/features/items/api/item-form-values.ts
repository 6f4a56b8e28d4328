/** The item form as typed: text, because a form field holds text and the shared schema parses it. */
export interface ItemFormValues {
  itemName: string;
  barcode: string;
  category: string;
  unitPrice: string;
  costPrice: string;
  stockQuantity: string;
  reorderLevel: string;
  /** Months of warranty a sale of it carries (spec 4, the item's warranty months); blank is none. */
  warrantyMonths: string;
  description: string;
  /** The usual supplier's id, '' for none (issue 44). */
  supplier: string;
  supplierPartNo: string;
}

/** The form's values as the item's operations take them: a blank warranty is none (0), as a blank reorder level is. */
export function itemArgsOf(values: ItemFormValues): Omit<ItemFormValues, 'warrantyMonths'> & { warrantyMonths: string | number } {
  return { ...values, warrantyMonths: values.warrantyMonths.trim() === '' ? 0 : values.warrantyMonths };
}
