import { useEffect, useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useSyncStatusStore } from '../sync/sync-status-store';

/**
 * A new version waits until the user chooses Reload: never a silent reload over a half-filled form.
 * When the server no longer serves this build (the sync's 'update-required'), the prompt says so and
 * stays: changes not yet sent wait on this device and go out after the update.
 */
export function UpdatePrompt() {
  const registration = useRef<ServiceWorkerRegistration | null>(null);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registered) {
      registration.current = registered ?? null;
      // Look for a new version every hour while the app stays open on a tablet all day.
      if (registered) setInterval(() => void registered.update().catch(() => undefined), 60 * 60 * 1000);
    },
  });
  const tooOld = useSyncStatusStore((state) => state.phase === 'update-required');
  const reason = useSyncStatusStore((state) => (state.phase === 'update-required' ? state.lastError : null));

  // Told it is too old, the app looks for the new version at once rather than within the hour.
  useEffect(() => {
    if (tooOld) void registration.current?.update().catch(() => undefined);
  }, [tooOld]);

  if (!needRefresh && !tooOld) return null;
  // Without a waiting service worker (none found yet, or none at all) a plain reload fetches the app again.
  const reload = () => (needRefresh ? void updateServiceWorker(true) : window.location.reload());
  return (
    <div className="update-prompt" role="alert">
      <span>{tooOld ? (reason ?? 'This app is too old for the server. Reload to update it.') : 'A new version is available'}</span>
      <button type="button" className="btn btn-primary btn-small" onClick={reload}>
        Reload
      </button>
      {!tooOld && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setNeedRefresh(false)}>
          Later
        </button>
      )}
    </div>
  );
}
