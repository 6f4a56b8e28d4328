/**
 * Tells connected devices that new changes exist (a 'poke' with no data, sync.md rule 10); each
 * then pulls with its own session, so every permission check of the pull still applies.
 */
export class ChangeNotifier {
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }

  get connections(): number {
    return this.listeners.size;
  }
}
