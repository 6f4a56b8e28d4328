import { ComingSoon } from '../../components/ui/coming-soon';

// Placeholder: replaced by the Company Detail screen.
export function CompanyPage() {
  return <ComingSoon title="Company Detail" />;
}
