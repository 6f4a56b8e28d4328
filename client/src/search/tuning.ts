/**
 * The search's tuning constants, each with the measurement that set it (sections of
 * docs/benchmarks-history.md). Measured on a 2-core machine in Chromium, at the bench's big shop (50,000
 * items, 20,000 customers, 100,000 job cards) unless the section says otherwise.
 */

/**
 * Word sets whose full match lists an index remembers until the table changes: Finished Jobs' page
 * changes scanned for its 97,000 finished jobs each time (25 to 40 ms) before.
 * Set by: "Findings: issue 7, job cards (2026-11-23)".
 */
export const rememberedSearches = 8;

/**
 * Rows read a request while building, and how long the build may hold the page's thread at a time:
 * a build of 70,000 rows runs beside the screens without a task over 50 ms (a tablet's input and
 * Lighthouse's Total Blocking Time; 5,000-row reads cost the dashboard 135 ms of it).
 * Set by: "Findings: issue 11, Lighthouse (2026-11-23)".
 */
export const buildChunk = 200;
export const sliceMs = 8;

/**
 * A build's read that took longer than this mostly waited (behind a first sync's page writes): the
 * wait is the same however many rows it asks for, so the next read asks for twice as many, up to
 * `maxBuildChunk`. In 200-row reads a big shop's 50,000 items became searchable 19 s after they were
 * on the device; over 40 ms and up to 3,200 made an Items keystroke take 146 ms.
 * Set by: "Findings: issues 10 and 11, third session (2026-11-25)".
 */
export const slowBuildRead = 150;
export const maxBuildChunk = 1600;

/**
 * More pending changes than this (or than half the rows) and a rebuild is cheaper than patching.
 * A first sync's catalogue pages of 2,000 are patched, not rebuilt (8 s after the catalogue landed).
 * Set by: "Findings: issues 10 and 11, fourth session (2026-11-25, afternoon)".
 */
export const maxPatch = 2000;

/**
 * A built index is patched at most this often while writes keep coming (the first after a quiet
 * spell at once; a query patches whatever is pending before it answers). Each patch of more than
 * `splicePatch` keys merges them into a new copy of every entry: a first sync's catalogue, told in
 * 250-row slices, was merged after nearly every slice into up to 50,000 items, 2.9 s of the page's
 * thread beside the download's writes (issue 47: first sync 1.24× a raw bulkPut).
 * Set by: "Findings: issue 47, the first sync's last overhead (2026-12-07)".
 */
export const patchEveryMs = 2000;

/** Up to this many changed keys a patch splices them in place; more are merged as a sorted run. */
export const splicePatch = 64;

/**
 * Below this many matches, the IndexedDB fallback sorts them in memory instead of walking the sort
 * index (`bulkGet` of 2,000 keys: 0.5 s when busy; `offset` walks every skipped entry).
 * Set by: "Findings (2026-11-21)".
 */
export const sortInMemoryLimit = 2000;

/**
 * Up to this many matches, the IndexedDB fallback answers at once even while the index is being
 * built; up to `buildingSortLimit` they are read by key and sorted here (about 0.2 s for 5,000 jobs,
 * against 2.8 s for the build of 100,000); more, only a page near either end is answered before
 * the build ends.
 * Set by: "Findings: issues 10 and 11, fourth session (2026-11-25, afternoon)".
 */
export const smallResult = 200;
export const buildingSortLimit = 5000;

/**
 * pageOfWordRows reads a word's rows in one request up to this many entries of the words index (a
 * row comes once for each of its words the typed one starts). One read, not a count first: a word
 * with more entries costs a read of this many rows for nothing (about 0.15 s at 100,000 jobs, in the
 * build's first seconds only), a count every search 25 ms. 'perera' (2,273 jobs): 37 to 43 ms.
 * Set by: "Findings: issues 10 and 11, fifth session (2026-11-25, evening)".
 */
export const wordRowsLimit = 8000;

/**
 * Without the index, a page of a list's filter alone is read along the sort index when it lies
 * within this many rows of either end; deeper pages wait for the index (the filter's 97,035 keys
 * took 0.5 to 0.7 s to read).
 * Set by: "Findings: issue 7, job cards (2026-11-23)".
 */
export const filterReadLimit = 2000;

/**
 * Without the index, a page within this many rows of the start is one read of them all, not a
 * cursor (Job History's Prev/Next right after it opened: median 115 ms at 100,000 jobs).
 * Set by: "Findings: issues 10 and 11, third session (2026-11-25)".
 */
export const shallowPageRead = 500;

/**
 * A table's snapshot (search/snapshot.ts) is saved once its index has had no change told for this
 * long, and as holding the changes stamped up to this long before it was saved: another tab's
 * change reaches this one only after its transaction has completed (a first sync's page of 2,000
 * rows: about 0.4 s here), so a change told late is read again when the snapshot is loaded. Saving
 * while a first sync still writes would be wasted: its next page changes the index again.
 * Not measured: a margin well above the slowest write transaction seen in the bench's first syncs.
 */
export const snapshotQuietMs = 10_000;

/**
 * After a snapshot was loaded, the table's rows are counted this long later (IndexedDB walks every
 * row to count, 0.1 to 0.2 s at 50,000 items; not ahead of the first page's read): a row deleted
 * since the snapshot leaves no stamp behind, and a count unlike the index's finds it.
 * Set by: "Findings: issue 22, search as a module (2026-11-26)" (the count must not slow the first search).
 */
export const snapshotCheckMs = 2000;

/**
 * A table's snapshot is stored as its first rows in sort order and the rest, two records. The first
 * part is read first (about 2% of a big shop's job cards): a first page it holds whole is answered
 * from it while the rest is read (the top bar's five rows of each kind after a reload, issue 28).
 * Set by: "Findings: issue 28, the snapshot's first part (2026-12-02)".
 */
export const snapshotHeadRows = 2000;

/**
 * Job cards' and invoices' whole snapshot records are read once no caller has asked for a few rows
 * at once (the top bar) for this long: read while typing went on, the keystrokes' own row reads
 * waited behind them (up to 77 ms to every kind right after a reload; 42 ms at most with the pause).
 * Set by: "Findings: issue 28, the snapshot's first part (2026-12-02)".
 */
export const quickQueryPauseMs = 300;
