import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { defaultReceiptLayout, receiptLayoutLabels, receiptLayouts, type CompanyRow, type ReceiptLayout } from '@shared/schemas/company';
import { saveCompany } from '../api/save-company';
import { defaultExpenseCategories } from '@shared/schemas/expense-categories';
import { LogoUpload } from './logo-upload';

interface FormValues {
  name: string;
  email: string;
  phone: string;
  address: string;
  footer: string;
  taxRatePercent: string;
  pricesIncludeTax: boolean;
  receiptLayout: ReceiptLayout;
  logoUrl: string;
  expenseCategories: string;
  vatNumber: string;
  itemisedReceipt: boolean;
  roundCash: boolean;
}

const valuesOf = (company: CompanyRow | null): FormValues => ({
  name: company?.name ?? '',
  email: company?.email ?? '',
  phone: company?.phone ?? '',
  address: company?.address ?? '',
  footer: company?.footer ?? '',
  taxRatePercent: String(company?.taxRatePercent ?? 0),
  pricesIncludeTax: company?.pricesIncludeTax ?? true,
  receiptLayout: company?.receiptLayout ?? defaultReceiptLayout,
  logoUrl: company?.logoUrl ?? '',
  expenseCategories: company?.expenseCategories ?? '',
  vatNumber: company?.vatNumber ?? '',
  itemisedReceipt: company?.itemisedReceipt ?? false,
  roundCash: company?.roundCash ?? false,
});

/** Spec 5, Company form, plus the tax settings of decisions.md (rate default 0, prices include tax by default). */
export function CompanyForm({ company }: { company: CompanyRow | null }) {
  const [values, setValues] = useState(() => valuesOf(company));
  // The record as the form last showed it: a save sends only what the user changed from it.
  const shown = useRef(company);
  // The fields the user changed since the last save: a record that lands meanwhile fills the others.
  const edited = useRef(new Set<keyof FormValues>());
  const id = useId();

  // The form follows the device's record (a first pull may land after opening), except in the
  // fields the user has changed: those keep what was typed, and a save sends them.
  useEffect(() => {
    const stored = valuesOf(company);
    setValues((current) => {
      const next = { ...stored };
      for (const key of edited.current) (next as Record<keyof FormValues, unknown>)[key] = current[key];
      return next;
    });
    shown.current = company;
  }, [company]);

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    edited.current.add(key);
  }

  const { saving, submit } = useFormSubmit(async (source) => {
    // Only changed fields travel (spec 7: the logo is sent only when it changed).
    await saveCompany(values, shown.current);
    edited.current.clear();
    // The page stays open: the next save's message replaces this one.
    toast.success('Company details saved.', { source });
  }, 'Failed to save company details.');

  return (
    <form onSubmit={submit} noValidate className="company-form">
      <div className="panel company-logo-panel">
        <h2 className="panel-title">Company Logo</h2>
        <LogoUpload value={values.logoUrl} onChange={(dataUrl) => set('logoUrl', dataUrl)} />
      </div>
      <div className="panel">
        <h2 className="panel-title">Company Information</h2>
        {/* Explicit labels: a label wrapping a control would add the control's value to its name. */}
        <div className="field">
          <label htmlFor={`${id}-name`}>
            <span className="required">Company Name</span>
          </label>
          <input id={`${id}-name`} value={values.name} maxLength={100} aria-required="true" onChange={(e) => set('name', e.target.value)} />
        </div>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${id}-email`}>
              <span className="required">Email</span>
            </label>
            <input id={`${id}-email`} type="email" value={values.email} maxLength={254} aria-required="true" onChange={(e) => set('email', e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-phone`}>
              <span className="required">Phone</span>
            </label>
            <input id={`${id}-phone`} type="tel" value={values.phone} maxLength={30} aria-required="true" onChange={(e) => set('phone', e.target.value)} />
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>
            <span className="required">Address</span>
          </label>
          <textarea id={`${id}-address`} value={values.address} maxLength={300} rows={2} aria-required="true" onChange={(e) => set('address', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-footer`}>Footer Message</label>
          <textarea
            id={`${id}-footer`}
            value={values.footer}
            maxLength={300}
            rows={2}
            placeholder="Optional: printed at the bottom of invoices and receipts"
            onChange={(e) => set('footer', e.target.value)}
          />
        </div>
        <h3>Tax</h3>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${id}-tax`}>Tax rate (%)</label>
            <input
              id={`${id}-tax`}
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.01}
              value={values.taxRatePercent}
              onChange={(e) => set('taxRatePercent', e.target.value)}
            />
          </div>
          <label className="checkbox-field company-tax-included">
            <input type="checkbox" checked={values.pricesIncludeTax} onChange={(e) => set('pricesIncludeTax', e.target.checked)} />
            <span>Prices include tax</span>
          </label>
          <label className="checkbox-field">
            <input type="checkbox" checked={values.roundCash} onChange={(e) => set('roundCash', e.target.checked)} />
            <span>Round cash sales to the rupee (a rounding line)</span>
          </label>
          <div className="field">
            <label htmlFor={`${id}-vat`}>VAT Number</label>
            <input id={`${id}-vat`} value={values.vatNumber} maxLength={30} onChange={(e) => set('vatNumber', e.target.value)} />
            <small className="field-hint">A VAT-registered shop's invoices print as Tax Invoice with this number.</small>
          </div>
        </div>
        <h3>Printing</h3>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${id}-receipt`}>Receipt printer</label>
            <select id={`${id}-receipt`} value={values.receiptLayout} onChange={(e) => set('receiptLayout', e.target.value as ReceiptLayout)}>
              {receiptLayouts.map((layout) => (
                <option key={layout} value={layout}>
                  {receiptLayoutLabels[layout]}
                </option>
              ))}
            </select>
          </div>
          <label className="checkbox-field">
            <input type="checkbox" checked={values.itemisedReceipt} onChange={(e) => set('itemisedReceipt', e.target.checked)} />
            <span>Itemised 80 mm receipt (lists the sale's lines)</span>
          </label>
        </div>
        <h3>Expenses</h3>
        <div className="field">
          <label htmlFor={`${id}-expense-categories`}>Expense Categories (one per line)</label>
          <textarea
            id={`${id}-expense-categories`}
            rows={5}
            value={values.expenseCategories}
            placeholder={defaultExpenseCategories.join('\n')}
            onChange={(e) => set('expenseCategories', e.target.value)}
          />
          <small className="field-hint">Left empty, the Expenses screen offers the list shown in grey.</small>
        </div>
        <div className="form-footer">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </div>
    </form>
  );
}
