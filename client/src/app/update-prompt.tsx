import { useRegisterSW } from 'virtual:pwa-register/react';

/** A new version waits until the user chooses Reload: never a silent reload over a half-filled form. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Look for a new version every hour while the app stays open on a tablet all day.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>A new version is available</span>
      <button type="button" className="btn btn-primary btn-small" onClick={() => void updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}
