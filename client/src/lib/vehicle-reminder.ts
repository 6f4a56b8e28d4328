import Dexie from 'dexie';
import { db } from '@/db/instance';
import { dayKey } from '@shared/domain/dashboard';
import { vehicleDue, type OdometerReading, type ServiceDone } from '@shared/domain/service-due';
import { serviceReminderId } from '@shared/domain/reminder-id';
import type { JobCardRow, JobLineRow } from '@shared/schemas/job-card';
import type { ServiceRow } from '@shared/schemas/service';
import type { CustomerRow } from '@shared/schemas/customer';
import type { SaveServiceReminderArgs } from '@shared/schemas/service-reminder';
import type { JobStatus } from '@shared/domain/job-status';
import { mutate } from '@/sync/mutate';

/** A stored time as the shop's calendar day; '' when it is not one. */
const dayOf = (at: string | null | undefined) => {
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) ? dayKey(date) : '';
};

/**
 * The vehicle's visits and the interval services done at them, as this device holds them: every job
 * card of the plate is a reading; each finished job's service lines whose service carries an interval
 * are what was done, on the day it was finished.
 */
export async function vehicleHistory(plate: string, change?: JobChange): Promise<{ jobs: JobCardRow[]; readings: OdometerReading[]; done: ServiceDone[] }> {
  const jobs = ((await db.jobCards.where('[vehicleLicensePlate+dateIn]').between([plate, Dexie.minKey], [plate, Dexie.maxKey]).toArray()) as JobCardRow[])
    // The job being changed counts as it will be: finished now, open again, or gone.
    .filter((job) => !job.deleted && !(job.id === change?.jobId && change.to === 'deleted'))
    .map((job) =>
      job.id !== change?.jobId || change.to === 'deleted'
        ? job
        : change.to === 'Finished'
          ? { ...job, status: 'Finished' as const, finishedAt: change.at }
          : { ...job, status: change.to },
    );
  const readings = jobs.map((job) => ({ date: dayOf(job.dateIn), mileage: typeof job.currentMileage === 'number' ? job.currentMileage : null }));
  const finished = new Map(jobs.filter((job) => job.status === 'Finished').map((job) => [job.id, job]));
  const lines = finished.size
    ? ((await db.jobLines
        .where('jobCardId')
        .anyOf([...finished.keys()])
        .toArray()) as JobLineRow[])
    : [];
  const serviceLines = lines.filter((line) => !line.deleted && line.kind === 'service' && line.refId);
  const services = (await db.services.bulkGet([...new Set(serviceLines.map((line) => line.refId!))])) as (ServiceRow | undefined)[];
  const byId = new Map(services.filter((service): service is ServiceRow => !!service && !service.deleted).map((service) => [service.id, service]));
  const done: ServiceDone[] = [];
  for (const line of serviceLines) {
    const service = byId.get(line.refId!);
    if (!service || (!service.intervalMonths && !service.intervalKm)) continue;
    const job = finished.get(line.jobCardId)!;
    done.push({
      name: service.name,
      date: dayOf(job.finishedAt ?? job.dateIn),
      mileage: typeof job.currentMileage === 'number' ? job.currentMileage : null,
      intervalMonths: service.intervalMonths ?? null,
      intervalKm: service.intervalKm ?? null,
    });
  }
  return { jobs, readings, done };
}

/** A job about to change in a way that moves its vehicle's reminder. */
export interface JobChange {
  jobId: string;
  to: JobStatus | 'deleted';
  at: string;
}

/** What a job's change makes its vehicle's reminder: saved anew, taken away (nothing is due any more), or left. */
export type ReminderChange = { save: SaveServiceReminderArgs } | { remove: string } | null;

/**
 * What finishing, reopening or deleting this job makes the vehicle's reminder, worked out from what
 * this device holds before the change is queued, so it is queued right behind it (a later save, here or
 * on another device, stands). A reminder with nothing due any more is taken away.
 */
export async function reminderAfter(change: JobChange): Promise<ReminderChange> {
  const job = (await db.jobCards.get(change.jobId)) as JobCardRow | undefined;
  if (!job || job.deleted || !job.vehicleLicensePlate || !job.customerId) return null;
  // Only a finished job's services count: a move between open and suspended changes nothing.
  if (job.status !== 'Finished' && change.to !== 'Finished') return null;
  const id = serviceReminderId(job.vehicleLicensePlate);
  const { readings, done } = await vehicleHistory(job.vehicleLicensePlate, change);
  const due = vehicleDue(readings, done);
  if (!due) {
    const held = await db.serviceReminders.get(id);
    return held && !held.deleted ? { remove: id } : null;
  }
  const customer = (await db.customers.get(job.customerId)) as CustomerRow | undefined;
  return {
    save: {
      id,
      customerId: job.customerId,
      vehicleLicensePlate: job.vehicleLicensePlate,
      customerName: (customer?.customerName ?? job.customerName ?? '').slice(0, 100) || 'Customer',
      customerPhone: customer?.phone ?? job.customerPhone ?? '',
      dueDate: due.dueDate,
      services: due.services,
      kmPerDay: due.kmPerDay,
      lastVisit: due.lastVisit,
      lastMileage: due.lastMileage,
      remind: customer?.noReminders !== true,
    },
  };
}

/** Queues what reminderAfter worked out; a plan, so a failure is logged and the job's change stands. */
export async function applyReminderChange(change: ReminderChange): Promise<void> {
  try {
    if (change && 'save' in change) await mutate('saveServiceReminder', change.save);
    else if (change) await mutate('deleteServiceReminder', { id: change.remove });
  } catch (error) {
    console.warn('The vehicle reminder was not saved', error);
  }
}

/** reminderAfter, a failure taken as 'leave it' (logged). */
export const reminderAfterSafely = (change: JobChange): Promise<ReminderChange> =>
  reminderAfter(change).catch((error: unknown) => {
    console.warn('The vehicle reminder was not worked out', error);
    return null;
  });
