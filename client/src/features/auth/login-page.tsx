import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useSession } from '@/session/session-store';
import { paths } from '@/lib/paths';
import { toast } from '@/components/ui/toast-store';
import { ValidationError } from '@/sync/validation-error';
import { prepareDevice, syncSoon } from '@/lib/device';
import { login, preloadLoginSchemas } from './api/login';
import { register } from './api/register';
import { markInvalidField } from '@/components/ui/use-form-submit';
import { wasSessionExpired } from '@/session/session-storage';
import { outboxMayHoldChanges } from '@/sync/outbox-may-hold-changes';
import { deviceDbName } from '@/db/db-name';

const messageSource = 'login';
// They read the device's database with Dexie, loaded only when the outbox holds something (rare).
const WaitingNotices = lazy(() => import('@/components/waiting-notices').then((m) => ({ default: m.WaitingNotices })));

/**
 * '/': login and register on one screen, toggled (spec 2.2). `preloadShell` loads what the first
 * screen after a login needs while the server checks the password.
 */
export function LoginPage({ preloadShell }: { preloadShell?: () => void }) {
  const { token, signIn } = useSession();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired] = useState(wasSessionExpired);
  useEffect(preloadLoginSchemas, []);
  const [mayWait, setMayWait] = useState(false);
  useEffect(() => {
    void outboxMayHoldChanges(deviceDbName).then(setMayWait);
  }, []);

  if (token) return <Navigate to={paths.dashboard} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    setBusy(true);
    try {
      if (mode === 'login') {
        prepareDevice();
        preloadShell?.();
        const result = await login({ email, password });
        signIn(result.token, result.user, result.signingKey);
        toast.dismissSource(messageSource); // an earlier failure no longer applies
        syncSoon();
        navigate(paths.dashboard);
      } else {
        const result = await register({ name, email, password });
        toast.success(result.message, { source: messageSource });
        // Back on Login with the email kept: only the password is left to type.
        setMode('login');
        setPassword('');
        form.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
      }
    } catch (caught) {
      // Said once, under the form (not also as a toast), with the field at fault marked.
      setError(caught instanceof Error ? caught.message : 'Something went wrong.');
      if (caught instanceof ValidationError) markInvalidField(form, caught.field);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login-screen">
      <form className="login-card" onSubmit={submit} noValidate>
        <div className="login-brand">
          <img src="/icons/icon-192.png" alt="" width={56} height={56} />
          <div>
            <h1>Auto-Service Suite</h1>
            <p className="muted">{mode === 'login' ? 'Log in to your garage' : 'Create your account'}</p>
          </div>
        </div>
        {expired && mode === 'login' && (
          <p className="notice" role="status">
            Your session has expired. Please log in again.
          </p>
        )}
        {mayWait && (
          <Suspense fallback={null}>
            <WaitingNotices />
          </Suspense>
        )}
        {mode === 'register' && (
          <label className="field">
            <span>Name</span>
            <input name="name" aria-required="true" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </label>
        )}
        <label className="field">
          <span>Email</span>
          <input name="email" aria-required="true" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            aria-required="true"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {mode === 'login' ? 'Login' : 'Create Account'}
        </button>
        {mode === 'login' ? (
          <>
            <Link to={paths.forgotPassword} className="link">
              Forgot password?
            </Link>
            <p>
              No account yet?{' '}
              <button type="button" className="link-button" onClick={() => (setMode('register'), setError(null))}>
                Click here
              </button>
            </p>
          </>
        ) : (
          <p>
            Already have an account?{' '}
            <button type="button" className="link-button" onClick={() => (setMode('login'), setError(null))}>
              Login here
            </button>
          </p>
        )}
      </form>
    </main>
  );
}
