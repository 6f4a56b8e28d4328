import { useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useFocusLayer } from './use-focus-layer';

/** A dropdown panel that holds focus while open, closes on Escape, and gives focus back to its button. */
export function FocusPanel({ onClose, children, ...props }: { onClose: () => void; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusLayer(ref, onClose);
  return (
    <div ref={ref} tabIndex={-1} {...props}>
      {children}
    </div>
  );
}
