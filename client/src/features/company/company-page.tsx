import { useCompany } from './api/use-company';
import { CompanyForm } from './components/company-form';

/** Company Detail (spec 2.14): read from the device, so it works offline and prints offline. */
export function CompanyPage() {
  const company = useCompany();
  return (
    <section className="page company-page">
      <div className="page-header">
        <h1>Company Detail</h1>
      </div>
      {company === undefined ? <p className="muted">Loading...</p> : <CompanyForm company={company} />}
    </section>
  );
}
