import Papa from 'papaparse';

/** A row papaparse could not read whole (a quote opened and never closed): its spreadsheet row and why. */
export interface CsvRowError {
  row: number;
  message: string;
}

export type RowsListener = (rows: unknown[][], firstRow: number) => void;

type Listener = (value?: unknown) => void;

/**
 * papaparse reads a Node-style stream ({ readable, read, on }) a chunk at a time and keeps a row
 * cut between chunks for the next. The browser build has the same streamer, and it is the one way
 * to give papaparse text we decoded ourselves: its File reader decodes each slice on its own, which
 * cuts multi-byte characters (a Sinhala letter is 3 bytes) at the slice's edge.
 */
class TextFeed {
  readonly readable = true;
  private readonly listeners = new Map<string, Listener>();
  read(): void {}
  pause(): void {}
  resume(): void {}
  on(event: string, listener: Listener): this {
    this.listeners.set(event, listener);
    return this;
  }
  removeListener(event: string): this {
    this.listeners.delete(event);
    return this;
  }
  emit(event: string, value?: unknown): void {
    this.listeners.get(event)?.(value);
  }
}

/**
 * Rows of a CSV or tab-separated text as its chunks arrive (comma, semicolon, tab or bar, guessed
 * from the first chunk), handed to `onRows` with the spreadsheet row of the first (blank lines
 * counted, so a row number is the one Excel shows). Memory holds a chunk's rows at a time.
 * `onRows` may return false to stop reading (the header alone).
 */
export async function readCsvRows(chunks: AsyncIterable<string>, onRows: (rows: string[][], firstRow: number) => boolean | void): Promise<{ errors: CsvRowError[] }> {
  const feed = new TextFeed();
  const errors: CsvRowError[] = [];
  let nextRow = 1;
  let stopped = false;
  const done = new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(feed as unknown as NodeJS.ReadableStream, {
      delimitersToGuess: [',', ';', '\t', '|'],
      skipEmptyLines: false,
      chunk: (results, parser) => {
        const first = nextRow;
        nextRow += results.data.length;
        for (const error of results.errors) {
          if (error.type === 'Quotes') errors.push({ row: first + (error.row ?? 0), message: 'A quote (") opened on this row is never closed.' });
        }
        if (stopped) return;
        if (onRows(results.data, first) === false) {
          stopped = true;
          parser.abort();
        }
      },
      complete: () => resolve(),
      error: (error: Error) => reject(error),
    });
  });
  for await (const text of chunks) {
    if (stopped) break;
    feed.emit('data', text);
  }
  feed.emit('end');
  if (!stopped) await done;
  return { errors };
}
