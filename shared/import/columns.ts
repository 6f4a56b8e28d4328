// The columns of each kind of import (issue 43, point 3): headed by the labels of our own forms, so a
// file we export (or a template) comes back in matched as it is; the aliases are the headers other
// programs and hand-made sheets use for the same thing. A column is required when our form requires
// the field; a blank cell in an optional column takes the form's default.

export const importKinds = ['customers', 'items', 'services', 'openingBalances'] as const;
export type ImportKind = (typeof importKinds)[number];

/** How a cell is read before the form's schema checks it (read-cells.ts). */
export type CellKind = 'text' | 'number' | 'day';

export interface ImportColumn {
  key: string;
  /** The form's label, the template's header. */
  label: string;
  aliases: readonly string[];
  required: boolean;
  cell: CellKind;
}

const column = (key: string, label: string, cell: CellKind, required: boolean, aliases: readonly string[] = []): ImportColumn => ({ key, label, aliases, required, cell });

const customerName = column('customerName', 'Customer Name', 'text', true, ['Name', 'Customer', 'Full Name', 'Client', 'Client Name', 'Owner', 'Owner Name']);
const phone = column('phone', 'Phone', 'text', true, ['Phone Number', 'Phone No', 'Mobile', 'Mobile No', 'Mobile Number', 'Telephone', 'Tel', 'Contact No', 'Contact Number']);

export const importColumns: Record<ImportKind, readonly ImportColumn[]> = {
  // A row a vehicle: the rows of one customer are grouped by phone, or by name where there is none.
  customers: [
    customerName,
    phone,
    column('email', 'Email', 'text', false, ['E-mail', 'Email Address', 'E-mail Address', 'Mail']),
    column('address', 'Address', 'text', true, ['Street Address', 'Customer Address']),
    column('city', 'City', 'text', false, ['Town']),
    column('contactPerson', 'Contact Person', 'text', false, ['Contact', 'Contact Name']),
    column('make', 'Make', 'text', true, ['Vehicle Make', 'Brand', 'Manufacturer']),
    column('model', 'Model', 'text', true, ['Vehicle Model']),
    column('year', 'Year', 'number', true, ['Vehicle Year', 'Model Year', 'Year of Manufacture', 'YOM', 'Manufactured Year']),
    column('licensePlate', 'License Plate', 'text', true, [
      'Plate',
      'Plate No',
      'Plate Number',
      'Licence Plate',
      'Number Plate',
      'Vehicle No',
      'Vehicle Number',
      'Vehicle Reg',
      'Vehicle Reg No',
      'Reg No',
      'Registration',
      'Registration No',
      'Registration Number',
    ]),
    column('vin', 'VIN', 'text', false, ['Chassis No', 'Chassis Number', 'VIN Number', 'Frame No']),
    // How they are written to (issue 45): English, Sinhala or Tamil; Yes to leave them out of reminders.
    column('language', 'Message Language', 'text', false, ['Language', 'WhatsApp Language']),
    column('noReminders', 'No Reminders', 'text', false, ['Do Not Remind']),
  ],
  // Matched by barcode, else by name; the category by name, created when new.
  items: [
    column('itemName', 'Item Name', 'text', true, ['Name', 'Item', 'Product', 'Product Name', 'Part', 'Part Name', 'Item Description']),
    column('barcode', 'Barcode', 'text', false, ['Bar Code', 'Code', 'Item Code', 'Product Code', 'SKU', 'Part No', 'Part Number', 'EAN', 'UPC']),
    column('category', 'Category', 'text', true, ['Category Name', 'Item Category', 'Group', 'Item Group']),
    column('categoryDescription', 'Category Description', 'text', false),
    column('unitPrice', 'Unit Price', 'number', true, ['Selling Price', 'Sale Price', 'Sales Price', 'Price', 'Retail Price', 'MRP']),
    column('costPrice', 'Cost Price', 'number', true, ['Cost', 'Purchase Price', 'Buying Price', 'Unit Cost']),
    column('stockQuantity', 'Stock Quantity', 'number', false, ['Stock', 'Opening Stock', 'Quantity', 'Qty', 'On Hand', 'Quantity on Hand', 'Qty on Hand', 'Stock on Hand']),
    column('reorderLevel', 'Reorder Level', 'number', false, ['Reorder', 'Reorder Point', 'Reorder Qty', 'Minimum Stock', 'Min Stock', 'Min Qty']),
    column('warranty', 'Warranty', 'text', false, ['Warranty Months', 'Warranty Period']),
    column('description', 'Description', 'text', false, ['Notes', 'Remarks', 'Details']),
  ],
  services: [
    column('name', 'Service Name', 'text', true, ['Service', 'Name', 'Service Description']),
    column('price', 'Price', 'number', true, ['Service Price', 'Charge', 'Amount', 'Rate', 'Labour', 'Labor']),
  ],
  // An unpaid invoice of a customer already in the shop (by phone, else by name), kept under its own number.
  // The due list's export heads these columns the same way, with the amount still owed as 'Due': so
  // 'Due' is that amount here (a check of Total − Paid, or Paid when the file gives none), not the due date.
  openingBalances: [
    customerName,
    phone,
    column('invoiceNo', 'Invoice No', 'text', true, ['Invoice Number', 'Invoice', 'Invoice #', 'Bill No', 'Bill Number', 'Reference', 'Ref No']),
    column('date', 'Date', 'day', true, ['Invoice Date', 'Bill Date']),
    column('dueDate', 'Due Date', 'day', false, ['Payment Due', 'Due On', 'Pay By']),
    column('total', 'Total', 'number', true, ['Invoice Total', 'Total Amount', 'Amount', 'Bill Amount']),
    column('paid', 'Paid', 'number', false, ['Amount Paid', 'Paid Amount', 'Payments', 'Received']),
    column('due', 'Due', 'number', false, ['Balance', 'Balance Due', 'Amount Due', 'Due Amount', 'Outstanding']),
    column('note', 'Note', 'text', false, ['Notes', 'Remarks', 'Description']),
  ],
};

/**
 * Headers our own exports write that the import has no use for: ignored unless the user maps them,
 * so a file we exported comes back in without a question. The due list's Days Past Due is worked
 * out again from the Due Date; a service's Service ID (SRV-0001) is the server's to give a new
 * service, so the shop it moves into numbers it again.
 */
export const exportOnlyHeaders: Record<ImportKind, readonly string[]> = {
  customers: [],
  items: [],
  services: ['Service ID'],
  openingBalances: ['Days Past Due'],
};

/** What each kind is called on screen. */
export const importKindLabels: Record<ImportKind, string> = {
  customers: 'Customers with vehicles',
  items: 'Items',
  services: 'Services',
  openingBalances: 'Opening balances',
};
