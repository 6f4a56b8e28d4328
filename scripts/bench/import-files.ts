// The files of the import benchmark (issue 43, Speed): a big shop's items, and its customers with
// their vehicles, as a shop would bring them, written with our form labels.

const bom = '\ufeff';
const categories = ['Filters', 'Brakes', 'Oils', 'Electrical', 'Suspension', 'Engine', 'Body', 'Tyres', 'Cooling', 'Lighting'];
const makes = [
  ['Toyota', 'Axio'],
  ['Honda', 'Fit'],
  ['Nissan', 'Sunny'],
  ['Suzuki', 'Alto'],
  ['Mitsubishi', 'Lancer'],
];
const firstNames = ['Sunil', 'Nimal', 'Kamal', 'සුනිල්', 'නිමල්', 'சுனில்', 'Ruwan', 'Chamara', 'Priya', 'Dilani'];
const lastNames = ['Perera', 'Silva', 'Fernando', 'පෙරේරා', 'குமார்', 'Jayasinghe', 'Bandara', 'Wickramasinghe'];

/** `count` items, each with its barcode, category, prices, opening stock, reorder level and warranty. */
export function itemsFile(count: number): string {
  const lines = ['Item Name,Barcode,Category,Unit Price,Cost Price,Stock Quantity,Reorder Level,Warranty'];
  for (let i = 0; i < count; i++) {
    lines.push(
      `Part ${i} ${categories[i % categories.length]},479${String(i).padStart(9, '0')},${categories[i % categories.length]},"Rs. 1,${String(i % 1000).padStart(3, '0')}.50",${400 + (i % 600)},${i % 40},${i % 5},${i % 3 ? '6 Months' : ''}`,
    );
  }
  return bom + lines.join('\r\n');
}

/** A row a vehicle: `customers` customers with `vehicles` vehicles between them (the first ones have two). */
export function customersFile(customers: number, vehicles: number): string {
  const lines = ['Customer Name,Phone,Email,Address,City,Contact Person,Make,Model,Year,License Plate'];
  const twice = vehicles - customers;
  let plate = 0;
  for (let c = 0; c < customers; c++) {
    const name = `${firstNames[c % firstNames.length]} ${lastNames[Math.floor(c / firstNames.length) % lastNames.length]} ${c}`;
    const phone = `07${String(c).padStart(8, '0')}`;
    const email = c % 3 === 0 ? `customer${c}@mail.lk` : '';
    for (let v = 0; v < (c < twice ? 2 : 1); v++) {
      const [make, model] = makes[(c + v) % makes.length]!;
      const letters = String.fromCharCode(65 + (plate % 26), 65 + (Math.floor(plate / 26) % 26), 65 + (Math.floor(plate / 676) % 26));
      lines.push(`${name},${phone},${email},"${c} Galle Road",Colombo,,${make},${model},${2000 + (c % 25)},${letters}-${String(plate % 10_000).padStart(4, '0')}`);
      plate++;
    }
  }
  return bom + lines.join('\r\n');
}

/**
 * `count` unpaid invoices of the old books, spread over the customers of customersFile(customers, …)
 * (found by their phone): days as dd/MM/yyyy, a due date on most, some part paid.
 */
export function openingBalancesFile(count: number, customers: number): string {
  const lines = ['Invoice No,Customer Name,Phone,Date,Due Date,Total,Paid'];
  for (let i = 0; i < count; i++) {
    const c = (i * 7) % customers;
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (i % 12)).padStart(2, '0');
    const totalCents = 50_000 + ((i * 1_337) % 2_000_000);
    const paidCents = i % 3 === 0 ? Math.floor(totalCents / 4) : 0;
    lines.push(
      `OLD-${100_000 + i},,07${String(c).padStart(8, '0')},${day}/${month}/2025,${i % 5 ? `28/${month}/2025` : ''},${(totalCents / 100).toFixed(2)},${(paidCents / 100).toFixed(2)}`,
    );
  }
  return bom + lines.join('\r\n');
}
