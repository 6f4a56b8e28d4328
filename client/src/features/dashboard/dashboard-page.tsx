import { useSession } from '../../app/session-store';

/** The dashboard's figures come with the job cards and sales; the greeting bar is here now. */
export function DashboardPage() {
  const user = useSession((state) => state.user);
  return (
    <section className="page">
      <div className="greeting-bar">
        <h1>Welcome back, {user?.name}</h1>
        <p>Let's explore your garage today!</p>
      </div>
      <div className="panel coming-soon">
        <p>
          <strong>Coming soon.</strong> Today's income, check-ins, job status and open jobs appear here with the job
          card release.
        </p>
      </div>
    </section>
  );
}
