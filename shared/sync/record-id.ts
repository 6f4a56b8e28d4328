/**
 * A new record's id: a UUID of version 7 (RFC 9562), whose first 48 bits are the time in
 * milliseconds, so ids made one after another sort one after another.
 *
 * Why not a random (version 4) UUID: every table keyed by id keeps a B-tree in that order (SQLite's
 * primary-key index, the exactly-once log, the stock ledger). Random keys land all over it, and a
 * push of 250 mutations dirtied hundreds of pages in each, all written at its commit (issue 24).
 * Time-ordered keys land at the end, on the few pages already being written. A device that was
 * offline for a day still makes ids in order among themselves, so its push lands on few pages too.
 *
 * Within one millisecond the 12 bits after the version count up from a random start, so ids made in
 * one tab are strictly increasing; 62 random bits keep two devices' ids apart.
 */
let lastMs = -1;
let counter = 0;

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

export function newRecordId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = randomBits(11); // room to count before the 12 bits run out
  } else if (++counter > 0xfff) {
    // 2,048 or more ids in one millisecond (or the clock went back): borrow the next millisecond.
    lastMs += 1;
    counter = 0;
  }
  const random = new Uint8Array(8);
  crypto.getRandomValues(random);
  random[0] = (random[0]! & 0x3f) | 0x80; // the variant, 10xx
  const tail = Array.from(random, (byte) => hex(byte, 2)).join('');
  const time = hex(lastMs, 12);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(counter, 3)}-${tail.slice(0, 4)}-${tail.slice(4)}`;
}

function randomBits(bits: number): number {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0]! >>> (32 - bits);
}
