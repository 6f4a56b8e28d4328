import type { JobCardRow } from '../schemas/job-card';
import { currentWord, isCurrentStatus, newestFirst, statusWord } from '../domain/search-tokens';
import { defineEntity, sameFields } from './define-entity';
import { plateKey } from '../domain/search-shape';

export const jobCardsEntity = defineEntity<JobCardRow>()({
  name: 'jobCards',
  sqlName: 'job_cards',
  priority: false,
  // A job card's own fields, as createJobCard and updateJobCard carry them (shared/schemas/job-card.ts).
  fields: sameFields(
    'customerId',
    'vehicleLicensePlate',
    'vehicleMake',
    'vehicleModel',
    'currentMileage',
    'previousMileage',
    'dateIn',
    'jobType',
    'promisedDate',
    'promisedTime',
    'actionTaken',
    'notes',
    'mechanicId',
    'mechanicName',
  ),
  search: {
    words: (row) => [row.jobNumber, row.customerName, row.customerPhone, row.vehicleLicensePlate, plateKey(String(row.vehicleLicensePlate ?? ''))],
    digits: (row) => [row.customerPhone, row.vehicleLicensePlate, row.jobNumber],
    // Finished Jobs asks for '~finished', Current Jobs for '~current' (open and suspended).
    filters: (row) => (typeof row.status === 'string' ? [statusWord(row.status), ...(isCurrentStatus(row.status) ? [currentWord] : [])] : []),
  },
  // Newest first by date in, else created, else updated (Finished Jobs).
  sortKey: (row) => newestFirst(String(row.dateIn || row.createdAt || row.updatedAt || '')),
  deviceIndexes: 'id, jobNumber, customerId, status, [vehicleLicensePlate+dateIn], *searchWords, sortKey, dateIn, finishedAt, [status+dateIn], localStamp',
  names: {
    record: (row) => [row.jobNumber ?? 'the job', row.vehicleLicensePlate ? `(${row.vehicleLicensePlate})` : ''].filter(Boolean).join(' '),
    fields: {
      customerId: 'Customer',
      vehicleLicensePlate: 'License Plate',
      vehicleMake: 'Make',
      vehicleModel: 'Model',
      currentMileage: 'Current Mileage',
      previousMileage: 'Previous Mileage',
      dateIn: 'Date In',
      jobType: 'Job Type / Problem',
      promisedDate: 'Promised Date',
      promisedTime: 'Promised Time',
      actionTaken: 'Action Taken',
      notes: 'Notes',
      mechanicId: 'Mechanic',
    },
  },
});
