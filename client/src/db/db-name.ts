/** The name of the app's database on this device, apart from Dexie so a page can name it without loading it. */
export const deviceDbName = 'garage';
