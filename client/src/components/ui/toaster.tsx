import { useEffect } from 'react';
import { useToastStore, type Toast } from './toast-store';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => {
      toast.onTimeout?.();
      dismiss(toast.id);
    }, toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return (
    <div className={`toast toast-${toast.variant}`} role={toast.variant === 'error' ? 'alert' : 'status'}>
      <span className="toast-message">{toast.message}</span>
      {toast.actions?.map((action) => (
        <button
          key={action.label}
          type="button"
          className="toast-action"
          onClick={() => {
            action.onClick();
            dismiss(toast.id);
          }}
        >
          {action.label}
        </button>
      ))}
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

/** Bottom-left stack of toasts. */
export function Toaster() {
  const visible = useToastStore((state) => state.visible);
  return (
    <div className="toaster" aria-live="polite">
      {visible.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
