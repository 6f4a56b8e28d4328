import { ComingSoon } from '../../components/ui/coming-soon';

// Placeholder: replaced by the Customers screen.
export function CustomersPage() {
  return <ComingSoon title="Customers" />;
}
