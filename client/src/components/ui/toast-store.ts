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
}

const maxVisible = 2; // decisions.md: at most 2 at once, the rest wait their turn
let nextId = 1;

interface ToastState {
  visible: Toast[];
  waiting: Toast[];
  show: (toast: Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number }) => number;
  dismiss: (id: number) => void;
}

export const useToastStore = create<ToastState>((set) => ({
  visible: [],
  waiting: [],
  show: (toast) => {
    const full: Toast = { durationMs: 4000, ...toast, id: nextId++ };
    set((state) =>
      state.visible.length < maxVisible
        ? { visible: [...state.visible, full] }
        : { waiting: [...state.waiting, full] },
    );
    return full.id;
  },
  dismiss: (id) =>
    set((state) => {
      const visible = state.visible.filter((toast) => toast.id !== id);
      const waiting = state.waiting.filter((toast) => toast.id !== id);
      while (visible.length < maxVisible && waiting.length > 0) visible.push(waiting.shift()!);
      return { visible, waiting };
    }),
}));

export const toast = {
  show: (message: string) => useToastStore.getState().show({ variant: 'default', message }),
  success: (message: string) => useToastStore.getState().show({ variant: 'success', message }),
  error: (message: string) => useToastStore.getState().show({ variant: 'error', message, durationMs: 6000 }),
  warning: (message: string) => useToastStore.getState().show({ variant: 'warning', message }),
  info: (message: string) => useToastStore.getState().show({ variant: 'info', message }),
};
