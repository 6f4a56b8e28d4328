import { useState } from 'react';
import { localDateInput } from '@/lib/format-date';

export interface ReportPeriod {
  from: string;
  to: string;
  setFrom: (day: string) => void;
  setTo: (day: string) => void;
}

const firstOfMonth = () => {
  const now = new Date();
  return localDateInput(new Date(now.getFullYear(), now.getMonth(), 1));
};

/** A report's From/To days as the date inputs hold them ('YYYY-MM-DD'): this month so far to begin with. */
export function useReportPeriod(): ReportPeriod {
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(() => localDateInput());
  return { from, to, setFrom, setTo };
}
