import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Modal } from '@/components/ui/modal';
import { ModalActions } from '@/components/ui/modal-actions';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { fromCents } from '@shared/domain/money';
import { fromHundredths } from '@shared/domain/quantity';
import type { ItemRow } from '@shared/schemas/item';
import { useCategories } from '@/lib/use-categories';
import { useSupplierNames } from '@/lib/use-supplier-names';
import { useSession } from '@/session/session-store';
import { can } from '@shared/domain/permissions';
import { formatMoney } from '@shared/domain/money';
import { CategoryFormModal } from '@/components/category-form/category-form-modal';
import { createItem } from '../api/create-item';
import { updateItem } from '../api/update-item';
import type { ItemFormValues } from '../api/item-form-values';

interface ItemFormModalProps {
  item: ItemRow | null;
  /** Values to start from instead of the item's (a refused change opened again for correction). */
  draft?: Partial<ItemRow>;
  onClose: () => void;
  /** Called with the saved record's id (the list shows it). */
  onSaved?: (id: string) => void;
}

function initialValues(item: Partial<ItemRow> | null): ItemFormValues {
  if (!item) {
    return {
      itemName: '',
      barcode: '',
      category: '',
      unitPrice: '',
      costPrice: '',
      stockQuantity: '',
      reorderLevel: '',
      warrantyMonths: '',
      description: '',
      supplier: '',
      supplierPartNo: '',
    };
  }
  return {
    itemName: item.itemName ?? '',
    barcode: item.barcode ?? '',
    category: item.categoryId ?? '',
    unitPrice: fromCents(item.unitPriceCents ?? 0).toFixed(2),
    // Not on the device yet (its user has just come to read costs; the pull is fetching them): left
    // empty, so a save asks for it instead of writing 0 over the real cost.
    costPrice: item.costPriceCents === undefined ? '' : fromCents(item.costPriceCents).toFixed(2),
    stockQuantity: String(fromHundredths(item.stockHundredths ?? 0)),
    reorderLevel: String(item.reorderLevel ?? 0),
    warrantyMonths: item.warrantyMonths ? String(item.warrantyMonths) : '',
    description: item.description ?? '',
    supplier: item.supplierId ?? '',
    supplierPartNo: item.supplierPartNo ?? '',
  };
}

/** Add or edit an item (spec 2.9). The category '+' opens the category dialog and selects what it saved. */
export function ItemFormModal({ item, draft, onClose, onSaved }: ItemFormModalProps) {
  const [values, setValues] = useState(() => initialValues(draft ?? item));
  const [addingCategory, setAddingCategory] = useState(false);
  const categories = useCategories();
  const suppliers = useSupplierNames();
  const readsCosts = can(
    useSession((state) => state.user?.role),
    'readCostPrices',
  );
  const categoryRef = useRef<HTMLSelectElement>(null);
  const categoryFieldId = useId();

  const set = (field: keyof ItemFormValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  // A keyboard-wedge scanner types the code and presses Enter: go on to the next field, do not submit.
  function onBarcodeKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    categoryRef.current?.focus();
  }

  const { saving, submit } = useFormSubmit(async () => {
    const id = item ? item.id : await createItem(values);
    if (item) await updateItem(item, values);
    toast.success(item ? 'Item updated successfully!' : 'New item added successfully!');
    onSaved?.(id);
    onClose();
  }, 'Failed to save item.');

  const categoryKnown = !values.category || categories?.some((category) => category.id === values.category);

  return (
    <>
      <Modal title={item ? 'Edit Item' : 'Add New Item'} onClose={onClose} wide>
        <form onSubmit={submit} noValidate className="item-form">
          <div className="form-grid">
            <label className="field">
              <span className="required">Item Name</span>
              <input name="itemName" aria-required="true" value={values.itemName} maxLength={100} onChange={set('itemName')} autoFocus />
            </label>
            <label className="field">
              <span className="required">Barcode</span>
              <input name="barcode" aria-required="true" value={values.barcode} maxLength={50} onChange={set('barcode')} onKeyDown={onBarcodeKeyDown} autoComplete="off" />
            </label>
            <div className="field">
              <label htmlFor={categoryFieldId} className="required">
                Category
              </label>
              <div className="select-with-add">
                <select id={categoryFieldId} name="category" aria-required="true" ref={categoryRef} value={values.category} onChange={set('category')}>
                  <option value="">Select Category</option>
                  {!categoryKnown && <option value={values.category}>N/A</option>}
                  {categories?.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn btn-secondary" aria-label="Add New Category" title="Add New Category" onClick={() => setAddingCategory(true)}>
                  +
                </button>
              </div>
            </div>
            <label className="field">
              <span className="required">Unit Price</span>
              <input name="unitPrice" aria-required="true" type="number" inputMode="decimal" min={0} step={0.01} value={values.unitPrice} onChange={set('unitPrice')} />
            </label>
            <label className="field">
              <span className="required">Cost Price</span>
              <input name="costPrice" aria-required="true" type="number" inputMode="decimal" min={0} step={0.01} value={values.costPrice} onChange={set('costPrice')} />
            </label>
            <label className="field">
              <span className="required">Stock Quantity</span>
              <input name="stockQuantity" aria-required="true" type="number" inputMode="decimal" min={0} step={0.01} value={values.stockQuantity} onChange={set('stockQuantity')} />
            </label>
            <label className="field">
              <span>Reorder Level</span>
              <input name="reorderLevel" type="number" inputMode="numeric" min={0} step={1} value={values.reorderLevel} onChange={set('reorderLevel')} />
            </label>
            <label className="field">
              <span>Warranty (Months)</span>
              <input name="warrantyMonths" type="number" inputMode="numeric" min={0} max={120} step={1} value={values.warrantyMonths} onChange={set('warrantyMonths')} />
            </label>
          </div>
          <div className="form-grid">
            <label className="field">
              <span>Usual Supplier</span>
              <select name="supplier" value={values.supplier} onChange={set('supplier')}>
                <option value="">None</option>
                {values.supplier && !suppliers?.some((supplier) => supplier.id === values.supplier) && <option value={values.supplier}>N/A</option>}
                {suppliers?.map((supplier) => (
                  <option key={supplier.id} value={supplier.id}>
                    {supplier.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Supplier&apos;s Part No.</span>
              <input name="supplierPartNo" value={values.supplierPartNo} maxLength={50} onChange={set('supplierPartNo')} autoComplete="off" />
            </label>
            {/* Set by receipts only (issue 44): shown, never typed. */}
            {item && readsCosts && item.lastCostCents !== undefined && (
              <label className="field">
                <span>Last Cost Paid</span>
                <input name="lastCost" value={item.lastCostCents ? formatMoney(item.lastCostCents) : 'Not received yet'} readOnly aria-readonly="true" className="read-only" />
              </label>
            )}
          </div>
          <label className="field">
            <span>Description (optional)</span>
            <textarea name="description" value={values.description} maxLength={500} rows={3} onChange={set('description')} />
          </label>
          <ModalActions onCancel={onClose} saving={saving} saveLabel={item ? 'Update Item' : 'Add Item'} />
        </form>
      </Modal>
      {/* Outside the item form: a form inside a form is not allowed, and its Save must not submit this one. */}
      {addingCategory && (
        <CategoryFormModal
          onClose={() => setAddingCategory(false)}
          onSaved={(id) => setValues((current) => ({ ...current, category: id }))}
          successMessage="New category added successfully!"
        />
      )}
    </>
  );
}
