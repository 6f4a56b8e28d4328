import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { readSelfRegistration, setSelfRegistration } from '../api/self-registration';

/**
 * The Admin's switch for the login page's registration (issue 24, point 4): open, anyone on the shop's
 * network may ask for an account, which stays inactive until an Admin activates it; closed, only an
 * Admin adds accounts here.
 */
export function SelfRegistrationSwitch() {
  const [open, setOpen] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    readSelfRegistration()
      .then((value) => current && setOpen(value))
      .catch(() => current && setOpen(null));
    return () => {
      current = false;
    };
  }, []);

  // The box shows the choice at once, and goes back if the server refuses it.
  async function change(next: boolean) {
    setSaving(true);
    setOpen(next);
    try {
      const answer = await setSelfRegistration(next);
      setOpen(answer.open);
      toast.success(answer.message);
    } catch (error) {
      setOpen(!next);
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  if (open === null) return null;
  return (
    <label className="checkbox-field self-registration">
      <input type="checkbox" checked={open} disabled={saving} onChange={(event) => void change(event.target.checked)} />
      <span>Allow self-registration: new users may register on the login page; an Admin activates each account.</span>
    </label>
  );
}
