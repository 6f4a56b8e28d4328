import { Barcode } from './barcode';
import type { CompanyRow } from '@shared/schemas/company';

/** The shop's letterhead: logo, name, address and how to reach it (Company Detail, spec 2.14). */
export function CompanyHeader({ company }: { company: CompanyRow | null }) {
  if (!company) return <div className="doc-company" />;
  const contact = [company.phone, company.email].filter(Boolean).join(' · ');
  return (
    <div className="doc-company">
      {company.logoUrl && <img className="doc-logo" src={company.logoUrl} alt={`${company.name} logo`} />}
      <div>
        <p className="doc-company-name">{company.name}</p>
        {company.address && <p className="doc-company-line">{company.address}</p>}
        {contact && <p className="doc-company-line">{contact}</p>}
      </div>
    </div>
  );
}

/** The company's own closing words, under every full-page document. */
export function CompanyFooter({ company }: { company: CompanyRow | null }) {
  return company?.footer ? <footer className="doc-footer">{company.footer}</footer> : null;
}

/** Label and value pairs in a definition list (a blank value prints a dash). */
export function Facts({ facts, className }: { facts: [label: string, value: string][]; className?: string }) {
  return (
    <dl className={`doc-facts ${className ?? ''}`}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A full-page document's top: the letterhead, and beside it the title over its facts (number, dates). */
export function DocumentHeader({ company, title, facts, barcode }: { company: CompanyRow | null; title: string; facts: [label: string, value: string][]; barcode?: string }) {
  return (
    <header className="doc-header">
      <CompanyHeader company={company} />
      <div className="doc-title-block">
        <h1 className="doc-title">{title}</h1>
        <Facts className="doc-meta" facts={facts} />
        {barcode && <Barcode value={barcode} />}
      </div>
    </header>
  );
}
