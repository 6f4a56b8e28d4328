import type { JobCardRow } from '../../schemas/job-card';
import type { StockMovementRow } from '../../schemas/stock';
import type { ExpenseRow } from '../../schemas/expense';
import { dayCell, moneyCell, quantityCell, yesNo } from '../cells';
import { exportList } from '../list';

export const jobCardsList = exportList<JobCardRow>({
  key: 'jobCards',
  title: 'Job cards',
  file: 'job-cards.csv',
  table: 'jobCards',
  lookups: [],
  header: () => [
    'Job No',
    'Date In',
    'Customer Name',
    'Phone',
    'License Plate',
    'Make',
    'Model',
    'Current Mileage',
    'Job Type',
    'Status',
    'Mechanic',
    'Promised Date',
    'Invoice No',
    'Finished',
    'Action Taken',
    'Notes',
  ],
  lines: (job) =>
    job.deleted
      ? []
      : [
          [
            job.jobNumber ?? 'Pending',
            dayCell(job.dateIn),
            job.customerName,
            job.customerPhone,
            job.vehicleLicensePlate,
            job.vehicleMake,
            job.vehicleModel,
            job.currentMileage,
            job.jobType,
            job.status,
            job.mechanicName,
            dayCell(job.promisedDate),
            job.invoiceNo ?? '',
            dayCell(job.finishedAt),
            job.actionTaken,
            job.notes,
          ],
        ],
});

const reasonNames: Record<string, string> = {
  opening: 'Opening',
  sale: 'Sale',
  return: 'Return',
  adjustment: 'Adjustment',
  received: 'Received',
  returnedToSupplier: 'Returned to supplier',
};

export const stockMovementsList = exportList<StockMovementRow>({
  key: 'stockMovements',
  title: 'Stock movements',
  file: 'stock-movements.csv',
  table: 'stockMovements',
  lookups: ['items'],
  header: () => ['Date', 'Item Name', 'Barcode', 'Quantity', 'Reason', 'Source', 'Note'],
  lines: (movement, { item }) => {
    if (movement.deleted) return [];
    const of = item(movement.itemId);
    return [
      [
        dayCell(movement.createdAt),
        of?.itemName ?? '',
        of?.barcode ?? '',
        quantityCell(movement.quantityHundredths),
        reasonNames[movement.reason] ?? movement.reason,
        movement.source,
        movement.note,
      ],
    ];
  },
});

export const expensesList = exportList<ExpenseRow>({
  key: 'expenses',
  title: 'Expenses',
  file: 'expenses.csv',
  table: 'expenses',
  lookups: [],
  header: () => ['Date', 'Category', 'Amount', 'Paid From', 'Note', 'Correction', 'Recorded By', 'Register'],
  lines: (expense) =>
    expense.deleted
      ? []
      : [
          [
            dayCell(expense.date),
            expense.category,
            moneyCell(expense.amountCents),
            expense.paidFrom,
            expense.note,
            yesNo(expense.correctionOf),
            expense.userName,
            expense.register,
          ],
        ],
});
