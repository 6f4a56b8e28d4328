import Dexie from 'dexie';
import { db } from '@/db/instance';
import { dayKey } from '@shared/domain/dashboard';
import { vehicleDue, type OdometerReading, type ServiceDone } from '@shared/domain/service-due';
import { serviceReminderId } from '@shared/domain/reminder-id';
import type { JobCardRow, JobLineRow } from '@shared/schemas/job-card';
import type { ServiceRow } from '@shared/schemas/service';
import type { CustomerRow } from '@shared/schemas/customer';
import type { SaveServiceReminderArgs } from '@shared/schemas/service-reminder';

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
export async function vehicleHistory(plate: string, finishing?: { jobId: string; at: string }): Promise<{ jobs: JobCardRow[]; readings: OdometerReading[]; done: ServiceDone[] }> {
  const jobs = ((await db.jobCards.where('[vehicleLicensePlate+dateIn]').between([plate, Dexie.minKey], [plate, Dexie.maxKey]).toArray()) as JobCardRow[])
    .filter((job) => !job.deleted)
    // The job being finished counts as finished now.
    .map((job) => (job.id === finishing?.jobId ? { ...job, status: 'Finished' as const, finishedAt: finishing.at } : job));
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

/**
 * What finishing this job makes the vehicle's reminder, worked out from what this device holds, to be
 * saved with the finish (a later save, here or on another device, stands). Null when none of the
 * vehicle's services carries an interval.
 */
export async function reminderOnFinish(jobId: string): Promise<SaveServiceReminderArgs | null> {
  const job = (await db.jobCards.get(jobId)) as JobCardRow | undefined;
  if (!job || job.deleted || !job.vehicleLicensePlate || !job.customerId) return null;
  const { readings, done } = await vehicleHistory(job.vehicleLicensePlate, { jobId, at: new Date().toISOString() });
  const due = vehicleDue(readings, done);
  if (!due) return null;
  const customer = (await db.customers.get(job.customerId)) as CustomerRow | undefined;
  return {
    id: serviceReminderId(job.vehicleLicensePlate),
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
  };
}
