import type { SessionUser } from '@shared/schemas/user';
import { dateInputToIso, localDateInput } from '@/lib/format-date';
import type { JobCardRow } from '@shared/schemas/job-card';

/** Vehicle Details as typed (text: the shared schema parses it). */
export interface VehicleDetailsValues {
  customerId: string;
  vehicleLicensePlate: string;
  vehicleMake: string;
  vehicleModel: string;
  currentMileage: string;
  previousMileage: string;
  dateIn: string;
}

/** Job Detail's own fields as typed. */
export interface JobDetailValues {
  jobType: string;
  promisedDate: string;
  promisedTime: string;
  actionTaken: string;
  mechanicId: string;
}

export function blankVehicleDetails(): VehicleDetailsValues {
  return { customerId: '', vehicleLicensePlate: '', vehicleMake: '', vehicleModel: '', currentMileage: '', previousMileage: '', dateIn: localDateInput() };
}

export function vehicleDetailsOf(job: JobCardRow): VehicleDetailsValues {
  return {
    customerId: job.customerId,
    vehicleLicensePlate: job.vehicleLicensePlate,
    vehicleMake: job.vehicleMake,
    vehicleModel: job.vehicleModel,
    currentMileage: String(job.currentMileage),
    previousMileage: job.previousMileage === null ? '' : String(job.previousMileage),
    dateIn: localDateInput(new Date(job.dateIn)),
  };
}

/**
 * Who a new job is given to: a Staff member opening a job on the workshop tablet is its mechanic
 * (so the dashboard's Open Jobs names someone); an Admin or Manager at the counter chooses one.
 */
export function defaultMechanicOf(user: Pick<SessionUser, '_id' | 'name' | 'role'> | null): { mechanicId: string; mechanicName: string } | Record<string, never> {
  return user?.role === 'Staff' ? { mechanicId: user._id, mechanicName: user.name } : {};
}

export function jobDetailOf(job: JobCardRow | null): JobDetailValues {
  return {
    jobType: job?.jobType ?? '',
    promisedDate: job?.promisedDate ?? '',
    promisedTime: job?.promisedTime ?? '',
    actionTaken: job?.actionTaken ?? '',
    mechanicId: job?.mechanicId ?? '',
  };
}

/** The arguments Vehicle Details sends: the check-in moment keeps its time of day when the date is unchanged. */
export function vehicleArgs(values: VehicleDetailsValues, original: JobCardRow | null) {
  const sameDay = original && localDateInput(new Date(original.dateIn)) === values.dateIn;
  return {
    customerId: values.customerId,
    vehicleLicensePlate: values.vehicleLicensePlate,
    vehicleMake: values.vehicleMake,
    vehicleModel: values.vehicleModel,
    currentMileage: values.currentMileage,
    previousMileage: values.previousMileage,
    dateIn: sameDay ? original.dateIn : values.dateIn ? dateInputToIso(values.dateIn) : '',
  };
}
