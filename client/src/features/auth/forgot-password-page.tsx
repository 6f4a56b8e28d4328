import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

/** decisions.md: an Admin resets passwords in User Management; this page says so. */
export function ForgotPasswordPage() {
  return (
    <main className="login-screen">
      <div className="login-card">
        <h1>Forgot password?</h1>
        <p>
          Passwords are reset by an administrator of your garage. Ask an Admin to open <strong>User Management</strong>, edit your account and set a new password for you.
        </p>
        <p>
          An administrator who forgot their own password runs <code>npm run reset-password -- &lt;email&gt;</code> on the shop PC, where the server runs.
        </p>
        <Link to={paths.login} className="btn btn-primary btn-block">
          Back to login
        </Link>
      </div>
    </main>
  );
}
