import { formatQuantity } from './quantity';

// Returns to a supplier (issue 44, point 7): parts of a delivery sent back. What a delivery line has
// left to send back is what came on it less what already went back, as the side that applies the
// return holds it; more than that (two devices sent the same parts back offline) is recorded all the
// same on the server and raised for review, and refused on the device's form.

/** Of a delivery line, what came and has not gone back yet (hundredths, never below 0). */
export const leftToReturn = (line: { quantityHundredths: number; returnedHundredths: number }) => Math.max(0, line.quantityHundredths - line.returnedHundredths);

/** A return line's stock movement id: one per line, so a replay cannot move stock twice. */
export const returnedMovementId = (lineId: string) => `${lineId}/returned`;

/** The review's words for a line that sent back more than its delivery line had left. */
export const overReturnWords = (name: string, overHundredths: number) => `${name}: ${formatQuantity(overHundredths)} more than was left of the delivery to send back.`;

/** The review's words for a line whose item the side does not hold: recorded, no stock moved. */
export const itemMissingWords = (name: string) => `${name}: the item is not on record here, so no stock moved for it.`;
