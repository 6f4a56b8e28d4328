import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/context';
import type { ChangeNotifier } from './change-notifier';

/** A comment line this often keeps proxies from closing an idle stream and lets the device notice a dead one. */
export const keepAliveMs = 20_000;

/**
 * Server-sent events for one device: a 'poke' on connect (it may have missed some while away) and
 * after every commit that wrote rows; pokes that arrive while one is being written merge into one.
 */
export function pokeStream(c: Context<AppEnv>, changes: ChangeNotifier) {
  return streamSSE(c, async (stream) => {
    let pending = true;
    let wake: (() => void) | null = null;
    const unsubscribe = changes.subscribe(() => {
      pending = true;
      wake?.();
    });
    stream.onAbort(() => wake?.());
    try {
      while (!stream.aborted && !stream.closed) {
        if (pending) {
          pending = false;
          await stream.writeSSE({ event: 'poke', data: '' });
        } else {
          await stream.write(': keep-alive\n\n');
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, keepAliveMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    } finally {
      unsubscribe();
    }
  });
}
