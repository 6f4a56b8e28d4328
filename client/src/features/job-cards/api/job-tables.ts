import { db } from '@/db/instance';

// The device's job tables, typed as the screens read them.
export const jobCards = db.jobCards;
export const jobLines = db.jobLines;
export const jobStatusChanges = db.jobStatusChanges;
