import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/** A lazily loaded screen whose code is not on this device: fetched while offline, before the service worker stored it. */
const isMissingCode = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message);

const reloadKey = 'screen-code-reload';
const reloadPatienceMs = 60_000;

/**
 * Whether this screen's code may load at a reload, and the reload has not been tried for it in the
 * last minute (claimed here, so a screen that fails again shows why instead of reloading for ever).
 * A browser keeps a module that failed to load as failed for the life of the page, so importing it
 * again cannot help; a reload can: online, or with the service worker holding every chunk. Seen in
 * Chromium: a chunk the worker served came back aborted now and then (net::ERR_ABORTED) on a screen
 * opened right after the Wi-Fi went.
 */
function claimReload(): boolean {
  if (!navigator.onLine && !navigator.serviceWorker?.controller) return false;
  const path = window.location.pathname;
  try {
    const last = JSON.parse(sessionStorage.getItem(reloadKey) ?? 'null') as { path: string; at: number } | null;
    if (last && last.path === path && Date.now() - last.at < reloadPatienceMs) return false;
    sessionStorage.setItem(reloadKey, JSON.stringify({ path, at: Date.now() }));
    return true;
  } catch {
    return false; // no session storage: no way to know it was tried, so no reload
  }
}

/** Decided once per failure (React may render the screen twice). */
const decided = new WeakMap<Error, boolean>();
function reloadFor(error: Error): boolean {
  if (!decided.has(error)) decided.set(error, claimReload());
  return decided.get(error)!;
}

/**
 * What a screen that failed shows inside the shell, instead of the router's developer page: the
 * sidebar and the other screens keep working. A screen whose code failed to load is reloaded once
 * by itself when the code may be had (above); one not downloaded yet opens again by itself when the
 * connection returns.
 */
export function ScreenError() {
  const error = useRouteError();
  const missing = isMissingCode(error);
  const reloading = missing && reloadFor(error as Error);
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  useEffect(() => {
    if (!missing) return;
    const retry = () => window.location.reload();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [missing]);
  if (reloading) return <p className="page muted">Loading...</p>;
  // Online, the code failed even after a reload: not a lost connection, so the words do not say so.
  const [heading, text] = !missing
    ? ['Something went wrong on this screen', error instanceof Error ? error.message : 'An unexpected error occurred.']
    : navigator.onLine
      ? ['This screen could not be loaded', 'Its code did not arrive. Try again; the other screens keep working.']
      : [
          'This screen is not on this device yet',
          'It was not downloaded before the connection was lost. It opens as soon as the connection returns; the other screens keep working.',
        ];
  return (
    <section className="page" role="alert">
      <h1>{heading}</h1>
      <p className="muted">{text}</p>
      <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </section>
  );
}
