import { ComingSoon } from '../../components/ui/coming-soon';

// Placeholder: replaced by the Services screen.
export function ServicesPage() {
  return <ComingSoon title="Services" />;
}
