import { useCompany } from './api/use-company';
import { Link } from 'react-router-dom';
import { CompanyForm } from './components/company-form';
import { WhatsappTemplatesSection } from './components/whatsapp-templates-section';
import { paths } from '@/lib/paths';

/** Company Detail (spec 2.14): read from the device, so it works offline and prints offline. */
export function CompanyPage() {
  const company = useCompany();
  return (
    <section className="page company-page">
      <div className="page-header">
        <h1>Company Detail</h1>
        <div className="page-actions">
          {/* Issue 43: the whole shop as one zip, in Settings. */}
          <Link className="btn btn-secondary" to={paths.shopData}>
            Export the whole shop
          </Link>
        </div>
      </div>
      {company === undefined ? (
        <p className="muted">Loading...</p>
      ) : (
        <>
          <CompanyForm company={company} />
          <WhatsappTemplatesSection company={company} />
        </>
      )}
    </section>
  );
}
