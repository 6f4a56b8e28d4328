import { roundHalfAwayFromZero } from './money';

/**
 * A shop may round cash sales to the rupee (issue 47: cents in cash sales made a difference at
 * every close; the notes and coins a cashier counts have no cents). The sale keeps its lines and tax
 * as they are and records the difference as its rounding line: at most half a rupee either way, half
 * a rupee up. Other methods pay to the cent.
 */
export function cashRoundingCents(totalCents: number): number {
  return roundHalfAwayFromZero(totalCents / 100) * 100 - totalCents;
}

/** Whether a sale paid this way is rounded: the company's setting, and cash. */
export const roundsToRupee = (company: { roundCash?: boolean } | null | undefined, method: string) => !!company?.roundCash && method === 'Cash';

/** The rounding line's label on paper and on screen. */
export const roundingLabel = 'Rounding';
