/**
 * The job card's quick add (spec 7; decisions.md): the caller gives a name and a price, and the
 * rest is fixed here, written once for the device's optimistic row and the server's.
 * Stock starts at 0 (the screen's own words: 'It will be created with stock 0'); the job's sale
 * then takes it below 0, which shows the item as low until a delivery is recorded.
 */

const defaultCategoryName = /general|misc|other/i;

/** The category whose name says general, misc or other; otherwise the first by name; null when there are none. */
export function defaultCategoryId(categories: readonly { id: string; name: string }[]): string | null {
  const byName = [...categories].sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  return (byName.find((category) => defaultCategoryName.test(category.name)) ?? byName[0])?.id ?? null;
}

export function quickItemFields(itemName: string, unitPriceCents: number, categories: readonly { id: string; name: string }[]) {
  return {
    itemName,
    barcode: itemName,
    categoryId: defaultCategoryId(categories),
    unitPriceCents,
    costPriceCents: 0,
    stockHundredths: 0,
    reorderLevel: 0,
    description: '',
  };
}
