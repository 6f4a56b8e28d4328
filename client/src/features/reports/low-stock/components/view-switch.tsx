import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { belowReorderView, lowStockWords, type LowStockView } from '@shared/reports/low-stock';

const views: { view: LowStockView; to: string }[] = [
  { view: 'threshold', to: paths.lowStock },
  { view: belowReorderView, to: `${paths.lowStock}?view=${belowReorderView}` },
];

/** The report's two views as links, so each has an address (the bell opens the second). */
export function ViewSwitch({ view }: { view: LowStockView }) {
  return (
    <nav className="segmented report-views" aria-label="Low stock by">
      {views.map((option) => (
        <Link key={option.view} to={option.to} replace aria-current={option.view === view ? 'page' : undefined}>
          {lowStockWords(option.view).tab}
        </Link>
      ))}
    </nav>
  );
}
