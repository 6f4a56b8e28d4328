import { useLiveQuery } from 'dexie-react-hooks';
import Dexie from 'dexie';
import { db } from '@/db/instance';
import { dayKey } from '@shared/domain/dashboard';
import { addDays } from '@shared/domain/service-due';
import { declinedFollowUpAfterDays, declinedFollowUpForDays, periodRange, type ReminderPeriod } from '@shared/domain/reminder-periods';
import type { EstimateLineRow, EstimateRow } from '@shared/schemas/estimate';
import type { CustomerRow } from '@shared/schemas/customer';
import type { JobCardRow } from '@shared/schemas/job-card';

/** Work a customer declined on one estimate, worth a call: one row an estimate. */
export interface DeclinedFollowUp {
  id: string;
  estimateId: string;
  estimateNumber: string;
  customerId: string;
  customerName: string;
  customerPhone: string;
  vehicleLicensePlate: string;
  /** The day it was declined, and the day a call is due (a week later). */
  declinedOn: string;
  followUpOn: string;
  work: { name: string; totalCents: number }[];
  totalCents: number;
}

/** The instant the shop's next day begins after `day`, as job cards store their times (UTC ISO). */
const startOfNextDay = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + 1).toISOString();

const dayOf = (at: string) => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : dayKey(date);
};

/**
 * Declined work whose call falls in the period, earliest first. Left out: work declined over half a
 * year ago, a customer who asked for no reminders, and a vehicle that has been in since (its job card
 * is the conversation). Declined lines are few beside a shop's vehicles, so they are read by their
 * decision's index and grouped here.
 */
export async function loadDeclinedFollowUps(period: ReminderPeriod, today: string, search: string): Promise<DeclinedFollowUp[]> {
  const range = periodRange(period, today);
  const lines = ((await db.estimateLines.where('decision').equals('declined').toArray()) as EstimateLineRow[]).filter((line) => !line.deleted);
  const byEstimate = new Map<string, EstimateLineRow[]>();
  for (const line of lines) byEstimate.set(line.estimateId, [...(byEstimate.get(line.estimateId) ?? []), line]);
  const estimates = ((await db.estimates.bulkGet([...byEstimate.keys()])) as (EstimateRow | undefined)[]).filter(
    (estimate): estimate is EstimateRow => !!estimate && !estimate.deleted,
  );
  const customers = new Map(
    ((await db.customers.bulkGet([...new Set(estimates.map((estimate) => estimate.customerId))])) as (CustomerRow | undefined)[])
      .filter((customer): customer is CustomerRow => !!customer)
      .map((customer) => [customer.id, customer]),
  );
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const found: DeclinedFollowUp[] = [];
  for (const estimate of estimates) {
    const declined = byEstimate.get(estimate.id)!;
    const declinedOn = declined.map((line) => dayOf(line.decidedAt ?? line.updatedAt)).reduce((latest, day) => (day > latest ? day : latest), '');
    if (!declinedOn) continue;
    const followUpOn = addDays(declinedOn, declinedFollowUpAfterDays);
    if (followUpOn < range.from || followUpOn >= range.to || declinedOn < addDays(today, -declinedFollowUpForDays)) continue;
    const customer = customers.get(estimate.customerId);
    if ((customer as { noReminders?: boolean } | undefined)?.noReminders === true) continue;
    const row: DeclinedFollowUp = {
      id: estimate.id,
      estimateId: estimate.id,
      estimateNumber: estimate.estimateNumber,
      customerId: estimate.customerId,
      customerName: customer?.customerName ?? estimate.customerName,
      customerPhone: customer?.phone ?? estimate.customerPhone,
      vehicleLicensePlate: estimate.vehicleLicensePlate,
      declinedOn,
      followUpOn,
      work: declined.map((line) => ({ name: line.name, totalCents: line.totalCents })),
      totalCents: declined.reduce((sum, line) => sum + line.totalCents, 0),
    };
    const text = [row.customerName, row.customerPhone, row.vehicleLicensePlate, row.estimateNumber, ...row.work.map((work) => work.name)].join(' ').toLowerCase();
    if (words.some((word) => !text.includes(word))) continue;
    found.push(row);
  }
  // Been in since: a job card for the plate checked in after the work was declined. The reads go to
  // IndexedDB together (about 0.1 ms each there), not one after another.
  const beenInSince = await Promise.all(
    found.map((row) =>
      db.jobCards
        .where('[vehicleLicensePlate+dateIn]')
        .between([row.vehicleLicensePlate, startOfNextDay(row.declinedOn)], [row.vehicleLicensePlate, Dexie.maxKey])
        .filter((job) => !(job as JobCardRow).deleted)
        .count(),
    ),
  );
  return found.filter((_, index) => beenInSince[index] === 0).sort((a, b) => a.followUpOn.localeCompare(b.followUpOn) || a.customerName.localeCompare(b.customerName));
}

export function useDeclinedFollowUps(period: ReminderPeriod, today: string, search: string, enabled = true): DeclinedFollowUp[] | undefined {
  return useLiveQuery(() => (enabled ? loadDeclinedFollowUps(period, today, search) : []), [period, today, search, enabled]);
}
