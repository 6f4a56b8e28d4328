/** The item form as typed: text, because a form field holds text and the shared schema parses it. */
export interface ItemFormValues {
  itemName: string;
  barcode: string;
  category: string;
  unitPrice: string;
  costPrice: string;
  stockQuantity: string;
  reorderLevel: string;
  description: string;
  /** The usual supplier's id, '' for none (issue 44). */
  supplier: string;
  supplierPartNo: string;
}
