// Every route of spec 2.1 in one typed object.
export const paths = {
  login: '/',
  forgotPassword: '/forgot-password',
  dashboard: '/dashboard',
  customers: '/customers',
  jobCard: '/transaction/job-card',
  salesRegister: '/transaction/sales-register',
  items: '/inventory/items',
  services: '/inventory/services',
  /** The shop's suppliers (issue 44). */
  suppliers: '/inventory/suppliers',
  /** Purchase orders (issue 44); an order's page at purchaseOrder (`new` for a new one). */
  purchaseOrders: '/inventory/purchase-orders',
  purchaseOrder: '/inventory/purchase-orders/:id',
  /** What the shop owes each supplier, aged (issue 44); a supplier's bills, payments and returns at supplierAccount. */
  payables: '/inventory/payables',
  supplierAccount: '/inventory/payables/:supplierId',
  /** Named sets of services and parts, added to a job or an estimate in one tap (issue 45). */
  cannedJobs: '/inventory/canned-jobs',
  categories: '/categories',
  dueList: '/transaction/due-list',
  returns: '/transaction/returns',
  expenses: '/transaction/expenses',
  /** This register's cash drawer: open, pay in/out, X report, close into a Z report (issue 27). */
  cashDrawer: '/transaction/cash-drawer',
  /** Quotes before the work (issue 45): each line approved or declined, the approved ones a job card. */
  estimates: '/transaction/estimates',
  reminders: '/transaction/reminders',
  estimateDetail: '/estimates/:id',
  printEstimate: '/print/estimates/:id',
  /** Sales recorded with a conflict, for Managers and Admins (issue 23). */
  saleReview: '/transaction/sales-to-review',
  staff: '/staff-management',
  company: '/settings/company',
  /** Customers, the catalogue and opening balances from a spreadsheet (issue 43), Admins and Managers. */
  import: '/settings/import',
  /** The shop's data as files (issue 43): the whole shop exported as one zip of CSV files. */
  shopData: '/settings/data',
  lowStock: '/report/low-stock-items',
  jobHistory: '/report/job-history',
  returnsReport: '/report/returns',
  expensesReport: '/report/expenses',
  /** A period's deliveries by supplier, at cost (issue 44), Managers and Admins. */
  purchasesReport: '/report/purchases',
  /** Every item in stock at its average cost (issue 44), Managers and Admins. */
  stockValue: '/report/stock-value',
  /** What is owed to each supplier by the age of its bills (issue 44), Managers and Admins. */
  payablesAging: '/report/payables-aging',
  jobCardDetail: '/job-cards/:id',
  /** A vehicle's service history by its plate key (issue 28): every job and invoice for that plate. */
  vehicleHistory: '/vehicles/:plate',
  /** A sale's printed documents alone, without the shell: ?doc=invoice|receipt|warranty. */
  printInvoice: '/print/invoices/:id',
  /** A bulk payment's receipt alone, without the shell (spec 3, Bulk receipt). */
  printBulkReceipt: '/print/bulk-receipts/:bulkId',
  /** A job's sheet for the customer to sign at check-in, without the shell. */
  printJobSheet: '/print/job-sheets/:id',
  printCreditNote: '/print/credit-notes/:id',
  printZReport: '/print/z-reports/:id',
  printXReport: '/print/x-reports/:id',
  printPurchaseOrder: '/print/purchase-orders/:id',
  /** A delivery's shelf labels (issue 44): ?format=a4 (3 × 8 sheet) or roll (50 × 25 mm). */
  printReceiptLabels: '/print/receipts/:id/labels',
} as const;

/** The customers page with a customer's form open (a WhatsApp message's 'Edit customer'). */
export const customerEditPath = (id: string) => `${paths.customers}?edit=${encodeURIComponent(id)}`;
