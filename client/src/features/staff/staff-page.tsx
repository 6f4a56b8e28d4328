import { ComingSoon } from '../../components/ui/coming-soon';

// Placeholder: replaced by the User Management screen.
export function StaffPage() {
  return <ComingSoon title="User Management" />;
}
