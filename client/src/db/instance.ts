import { createGarageDb } from './db';

/** The app's one database on this device. Tests make their own with createGarageDb. */
export const db = createGarageDb();
