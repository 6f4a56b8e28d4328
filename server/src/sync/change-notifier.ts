/**
 * Tells connected devices that new changes exist (a 'poke' with no data, docs/sync-rules.md, rule 10); each
 * then pulls with its own session, so every permission check of the pull still applies.
 */
export class ChangeNotifier {
  private readonly listeners = new Map<() => void, string>();
  private doorbell: (() => void) | null = null;

  /** `userId`: whose stream listens (counted for the per-user limit of poke-stream.ts). */
  subscribe(listener: () => void, userId = ''): () => void {
    this.listeners.set(listener, userId);
    return () => this.listeners.delete(listener);
  }

  /** This process committed changes: its own devices are poked, and the other processes' through the doorbell. */
  notify(): void {
    this.deliver();
    this.doorbell?.();
  }

  /** Pokes this process's devices only (another process committed; sync/pg-doorbell.ts). */
  deliver(): void {
    for (const listener of this.listeners.keys()) listener();
  }

  /** How this process tells the others sharing its database (PostgreSQL's NOTIFY); none on SQLite. */
  ringOthersWith(doorbell: () => void): void {
    this.doorbell = doorbell;
  }

  get connections(): number {
    return this.listeners.size;
  }

  connectionsOf(userId: string): number {
    let n = 0;
    for (const owner of this.listeners.values()) if (owner === userId) n++;
    return n;
  }
}
