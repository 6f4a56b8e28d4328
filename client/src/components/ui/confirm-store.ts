import { create } from 'zustand';

/** What the page asks before an action that cannot be taken back (decisions.md, In-page messages). */
export interface ConfirmRequest {
  title: string;
  message: string;
  /** The button that goes ahead, named for what it does ('Delete', 'Discard draft'). */
  confirmLabel: string;
  /** The button that goes back; 'Cancel' unless given. */
  cancelLabel?: string;
  /** Going ahead throws something away: its button is shown as a warning. */
  danger?: boolean;
}

export interface PendingConfirm extends ConfirmRequest {
  id: number;
}

interface ConfirmState {
  asking: PendingConfirm | null;
  answer: (id: number, yes: boolean) => void;
}

let nextId = 1;
const answers = new Map<number, (yes: boolean) => void>();

export const useConfirmStore = create<ConfirmState>((set, get) => ({
  asking: null,
  answer: (id, yes) => {
    answers.get(id)?.(yes);
    answers.delete(id);
    if (get().asking?.id === id) set({ asking: null });
  },
}));

/**
 * Asks in the page (components/ui/confirm-host.tsx) and answers true when the user goes ahead.
 * One question at a time: a newer one answers the one showing 'no', so the flow that asked it
 * does nothing rather than wait forever.
 */
export function confirmInPage(request: ConfirmRequest): Promise<boolean> {
  const { asking, answer } = useConfirmStore.getState();
  if (asking) answer(asking.id, false);
  const id = nextId++;
  return new Promise<boolean>((resolve) => {
    answers.set(id, resolve);
    useConfirmStore.setState({ asking: { ...request, id } });
  });
}
