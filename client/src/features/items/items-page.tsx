import { ComingSoon } from '../../components/ui/coming-soon';

// Placeholder: replaced by the Inventory Items screen.
export function ItemsPage() {
  return <ComingSoon title="Inventory Items" />;
}
