import { useEffect, useState } from 'react';
import { normalizePlate, type JobCardRow } from '@shared/schemas/job-card';
import { previousMileage } from '../api/previous-mileage';

/**
 * The plate's previous visit (spec 2.7, 5), looked up on the device: at once for a chosen vehicle;
 * for a guest's typed plate after 2+ characters, 400 ms after typing stops. '' when there is none.
 * Kept by the job card's form, not its tab, so a Save from Job Detail checks the mileage against it too.
 */
export function usePreviousMileage(plateTyped: string, guest: boolean, job: JobCardRow | null): string {
  const [found, setFound] = useState<{ plate: string; mileage: string }>({ plate: '', mileage: '' });
  const plate = normalizePlate(plateTyped);
  const lookUp = plate !== '' && !(guest && plate.length <= 2);
  useEffect(() => {
    if (!lookUp) return;
    let live = true;
    const timer = setTimeout(
      () => {
        previousMileage(plate, job?.id, job?.dateIn)
          .then((mileage) => live && setFound({ plate, mileage: mileage === null ? '' : String(mileage) }))
          .catch(() => live && setFound({ plate, mileage: '' }));
      },
      guest ? 400 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [plate, lookUp, guest, job?.id, job?.dateIn]);
  // What was found for another plate (or before the plate was long enough) is no answer for this one.
  return lookUp && found.plate === plate ? found.mileage : '';
}
