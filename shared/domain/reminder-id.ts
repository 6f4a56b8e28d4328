import { plateKey } from './search-shape';

/**
 * A vehicle's reminder row's id, made from its plate so that every device finishing a job for it
 * saves the same row ('WP CAB-1234' and 'cab1234' are one vehicle).
 */
export const serviceReminderId = (plate: string) => {
  const key = plateKey(plate);
  // A plate of no letters or digits ('-') keeps its own characters, so two such are not one row.
  return key ? `reminder-${key}` : `reminder-raw-${encodeURIComponent(plate.trim())}`.slice(0, 64);
};
