import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/** A lazily loaded screen whose code is not on this device: fetched while offline, before the service worker stored it. */
const isMissingCode = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message);

/**
 * What a screen that failed shows inside the shell, instead of the router's developer page: the
 * sidebar and the other screens keep working. A screen not downloaded yet opens again by itself
 * when the connection returns.
 */
export function ScreenError() {
  const error = useRouteError();
  const missing = isMissingCode(error);
  useEffect(() => {
    if (!missing) return;
    const retry = () => window.location.reload();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [missing]);
  return (
    <section className="page" role="alert">
      <h1>{missing ? 'This screen is not on this device yet' : 'Something went wrong on this screen'}</h1>
      <p className="muted">
        {missing
          ? 'It was not downloaded before the connection was lost. It opens as soon as the connection returns; the other screens keep working.'
          : error instanceof Error
            ? error.message
            : 'An unexpected error occurred.'}
      </p>
      <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </section>
  );
}
