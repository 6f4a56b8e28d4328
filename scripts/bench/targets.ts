// The figures' goals the browser bench checks, in one place (no imports: every bench file may use them).
export const targets = {
  /** Issues 6, 22 and 47: every search keystroke shows its results in under 50 ms (the 95th percentile printed beside). */
  searchMs: 50,
  pageMs: 100,
  /** Issues 6 and 47: a change on one device on another's screen, the 95th percentile under 1 s. */
  liveP95Ms: 1000,
  /** Issue 47: a new tablet's first sync at most 1.2 times a raw bulkPut of the same rows (issue 11 had 1.5). */
  firstSyncRatio: 1.2,
  /** Issue 47: login → both lists searched on their screens, under 3 s (issue 11 had 10 s). */
  usableMs: 3000,
  /** Issue 44: a scanned part → its receipt line, an orders-list keystroke → its rows, 'Order' from low stock (500 items) → its message. */
  purchasing: { scanMs: 30, keystrokeMs: 50, orderMs: 1000 },
};
