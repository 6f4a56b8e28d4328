/**
 * Job cards (spec 3, 5): the spec marks customer, vehicle reg and mileage required but shows no
 * blocking check; ours blocks with these messages (docs/decisions.md). The line messages are the spec's.
 */
export const jobCardMessages = {
  customer: 'Please select a customer.',
  plate: 'Vehicle reg number is required.',
  mileageRequired: 'Current mileage is required.',
  mileage: 'Current mileage must be a whole number of 0 or more.',
  dateIn: 'Date in is required.',
  promisedDate: 'Promised date must be a date.',
  promisedTime: 'Promised time must be a time (HH:MM).',
  quantity: 'Enter a valid quantity (> 0)',
  itemName: 'Enter item name',
  nothingSelected: 'Select or enter an item/service first',
  unitPrice: 'Unit price cannot be negative.',
  newItemPrice: 'Enter a price for the new item.',
  status: 'Status must be Open, Suspended or Finished.',
} as const;
