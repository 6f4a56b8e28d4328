/** Local midnight of a date input's day, as ISO: the start of that day in the shop. */
export const dayStart = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toISOString();
};

/** Local midnight after a date input's day, as ISO: the end (excluded) of that day in the shop. */
export const dayAfter = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + 1).toISOString();
};
