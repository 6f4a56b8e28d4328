import { create } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  variant: ToastVariant;
  message: string;
  durationMs: number;
  actions?: ToastAction[];
  onTimeout?: () => void;
  /**
   * The form or flow the message belongs to: a newer message from the same source replaces the
   * older ones, and dismissSource drops them once they no longer apply (the form saved or closed).
   */
  source?: string;
}

const maxVisible = 2; // decisions.md: at most 2 at once

let nextId = 1;

interface ToastState {
  visible: Toast[];
  /** Messages with an action (Undo) displaced by newer ones: they come back, never silently lost. */
  waiting: Toast[];
  show: (toast: Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number }) => number;
  dismiss: (id: number) => void;
  dismissSource: (source: string) => void;
}

/** Refills the visible slots from the waiting ones. */
function settle(visible: Toast[], waiting: Toast[]) {
  while (visible.length < maxVisible && waiting.length > 0) visible.push(waiting.shift()!);
  return { visible, waiting };
}

/**
 * The newest message shows at once (an action's result is never queued behind older warnings):
 * when two are already showing, the oldest gives way; it waits to come back only if it carries an
 * action (Undo), otherwise it is dropped.
 */
export const useToastStore = create<ToastState>((set) => ({
  visible: [],
  waiting: [],
  show: (toast) => {
    const full: Toast = { durationMs: 4000, ...toast, id: nextId++ };
    set((state) => {
      const others = (list: Toast[]) => list.filter((t) => !full.source || t.source !== full.source);
      const visible = [...others(state.visible), full];
      const waiting = others(state.waiting);
      while (visible.length > maxVisible) {
        const oldest = visible.shift()!;
        if (oldest.actions?.length) waiting.unshift(oldest);
      }
      return { visible, waiting };
    });
    return full.id;
  },
  dismiss: (id) =>
    set((state) =>
      settle(
        state.visible.filter((toast) => toast.id !== id),
        state.waiting.filter((toast) => toast.id !== id),
      ),
    ),
  dismissSource: (source) =>
    set((state) =>
      settle(
        state.visible.filter((toast) => toast.source !== source),
        state.waiting.filter((toast) => toast.source !== source),
      ),
    ),
}));

type Options = { source?: string };
const show = (variant: ToastVariant, message: string, options: Options = {}, durationMs?: number) =>
  useToastStore.getState().show({ variant, message, ...options, ...(durationMs ? { durationMs } : {}) });

export const toast = {
  show: (message: string, options?: Options) => show('default', message, options),
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options, 6000),
  warning: (message: string, options?: Options) => show('warning', message, options),
  info: (message: string, options?: Options) => show('info', message, options),
  /** Drops a form's or flow's messages that no longer apply. */
  dismissSource: (source: string) => useToastStore.getState().dismissSource(source),
};
