/** Work that must not overlap in this process runs one at a time, in the order it asked. */
export class Turns {
  private last: Promise<unknown> = Promise.resolve();

  async run<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.last;
    let done!: () => void;
    this.last = new Promise<void>((resolve) => (done = resolve));
    try {
      await previous;
      return await work();
    } finally {
      done();
    }
  }
}
