import { describe, expect, it } from 'vitest';
import { headerKey, matchColumns } from './match-columns';
import { exportOnlyHeaders, importColumns, type ImportKind } from './columns';
import { exportLists } from '../export/lists';
import type { ExportContext } from '../export/list';

const matched = (headers: string[], kind: keyof typeof importColumns, remembered = {}) => {
  const result = matchColumns(headers, importColumns[kind], remembered);
  return Object.fromEntries(Object.entries(result.byKey).map(([key, index]) => [key, headers[index]]));
};

describe('headerKey: case, spacing, punctuation and a unit in brackets do not matter', () => {
  it.each([
    ['Unit Price', 'unitprice'],
    ['  UNIT   PRICE ', 'unitprice'],
    ['unit_price', 'unitprice'],
    ['Unit-Price', 'unitprice'],
    ['Unit Price (LKR)', 'unitprice'],
    ['Description (optional)', 'description'],
    ['E-mail', 'email'],
    ['\ufeffCustomer Name', 'customername'],
    ['Invoice No.', 'invoiceno'],
    ['නම', 'නම'],
  ])('%j is %j', (header, key) => expect(headerKey(header)).toBe(key));
});

describe('matchColumns: our form labels first, then sensible aliases', () => {
  it.each<[keyof typeof importColumns, string[], Record<string, string>]>([
    [
      'customers',
      ['Customer Name', 'Phone', 'Email', 'Address', 'City', 'Contact Person', 'Make', 'Model', 'Year', 'License Plate', 'VIN'],
      {
        customerName: 'Customer Name',
        phone: 'Phone',
        email: 'Email',
        address: 'Address',
        city: 'City',
        contactPerson: 'Contact Person',
        make: 'Make',
        model: 'Model',
        year: 'Year',
        licensePlate: 'License Plate',
        vin: 'VIN',
      },
    ],
    [
      'customers',
      ['name', 'MOBILE NO', 'e-mail address', 'address', 'vehicle make', 'vehicle model', 'year of manufacture', 'vehicle no', 'chassis no'],
      {
        customerName: 'name',
        phone: 'MOBILE NO',
        email: 'e-mail address',
        address: 'address',
        make: 'vehicle make',
        model: 'vehicle model',
        year: 'year of manufacture',
        licensePlate: 'vehicle no',
        vin: 'chassis no',
      },
    ],
    [
      'items',
      ['Item Name', 'Barcode', 'Category', 'Unit Price', 'Cost Price', 'Stock Quantity', 'Reorder Level', 'Warranty', 'Description'],
      {
        itemName: 'Item Name',
        barcode: 'Barcode',
        category: 'Category',
        unitPrice: 'Unit Price',
        costPrice: 'Cost Price',
        stockQuantity: 'Stock Quantity',
        reorderLevel: 'Reorder Level',
        warranty: 'Warranty',
        description: 'Description',
      },
    ],
    [
      'items',
      ['Product Name', 'SKU', 'Category Name', 'Selling Price (Rs.)', 'cost', 'Opening Stock', 'Qty'],
      { itemName: 'Product Name', barcode: 'SKU', category: 'Category Name', unitPrice: 'Selling Price (Rs.)', costPrice: 'cost', stockQuantity: 'Opening Stock' },
    ],
    ['services', ['Service Name', 'Price'], { name: 'Service Name', price: 'Price' }],
    ['services', ['service', 'charge'], { name: 'service', price: 'charge' }],
    [
      'openingBalances',
      ['Customer Name', 'Phone', 'Invoice No', 'Date', 'Due Date', 'Total', 'Paid', 'Note'],
      { customerName: 'Customer Name', phone: 'Phone', invoiceNo: 'Invoice No', date: 'Date', dueDate: 'Due Date', total: 'Total', paid: 'Paid', note: 'Note' },
    ],
    [
      'openingBalances',
      ['Mobile', 'Bill No', 'Invoice Date', 'Payment Due', 'Invoice Total', 'Amount Paid', 'Balance'],
      { phone: 'Mobile', invoiceNo: 'Bill No', date: 'Invoice Date', dueDate: 'Payment Due', total: 'Invoice Total', paid: 'Amount Paid', due: 'Balance' },
    ],
    [
      // The due list's export, as it is: its 'Due' is the amount still owed.
      'openingBalances',
      ['Invoice No', 'Customer Name', 'Phone', 'Date', 'Due Date', 'Total', 'Paid', 'Due'],
      { invoiceNo: 'Invoice No', customerName: 'Customer Name', phone: 'Phone', date: 'Date', dueDate: 'Due Date', total: 'Total', paid: 'Paid', due: 'Due' },
    ],
  ])('%s: %j', (kind, headers, expected) => expect(matched(headers, kind)).toEqual(expected));

  it('leaves a header it does not know to the user, and names the required columns missing', () => {
    const result = matchColumns(['Item Name', 'Shelf', 'Unit Price'], importColumns.items, {});
    expect(result.unmatched).toEqual([{ index: 1, header: 'Shelf' }]);
    expect(result.missing.map((column) => column.label)).toEqual(['Category', 'Cost Price']);
  });

  it('takes the first of two headers that mean one column, and leaves the second to the user', () => {
    const result = matchColumns(['Qty', 'Stock Quantity'], importColumns.items, {});
    expect(result.byKey.stockQuantity).toBe(1); // the label beats an alias
    expect(result.unmatched).toEqual([{ index: 0, header: 'Qty' }]);
  });

  it('uses the mapping the user chose before, by the header as written, and ignores what they chose to ignore', () => {
    const remembered = { [headerKey('Shelf')]: 'description', [headerKey('Notes')]: '' };
    const result = matchColumns(['Item Name', 'Shelf', 'Notes'], importColumns.items, remembered);
    expect(result.byKey.description).toBe(1);
    expect(result.unmatched).toEqual([]);
    expect(result.ignored).toEqual([{ index: 2, header: 'Notes' }]);
  });

  it('skips blank headers', () => {
    const result = matchColumns(['Service Name', '', 'Price', '  '], importColumns.services, {});
    expect(result.unmatched).toEqual([]);
    expect(result.missing).toEqual([]);
  });
});

describe('our own exports come back in as they are (the whole-shop round trip, issue 43)', () => {
  const context: ExportContext = { readsCosts: true, today: '2026-01-01', categoryName: () => '', invoice: () => undefined, item: () => undefined, customerPhone: () => undefined };
  it.each<[ImportKind, keyof typeof exportLists]>([
    ['customers', 'customers'],
    ['items', 'items'],
    ['services', 'services'],
    ['openingBalances', 'dueList'],
  ])('%s from %s.csv: every header matched or known to be export-only, nothing missing', (kind, list) => {
    const ignored = Object.fromEntries(exportOnlyHeaders[kind].map((header) => [headerKey(header), '']));
    const result = matchColumns(exportLists[list].header(context), importColumns[kind], ignored);
    expect(result.unmatched).toEqual([]);
    expect(result.missing).toEqual([]);
  });
});
