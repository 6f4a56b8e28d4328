import { changeCaption } from '@shared/domain/dashboard';
import { formatMoney } from '@shared/domain/money';
import type { TodaySummary } from '../api/read-today-summary';

const zero = { incomeCents: 0, expensesCents: 0, checkIns: 0, finished: 0 };

/**
 * The summary cards (spec 2.5), each compared with the same day last week (decisions); and beside
 * Today Income, Today Expenses (issue 27), whose caption is what the day leaves: income less expenses
 * (a rise in expenses is no good news to colour green).
 */
export function SummaryCards({ summary }: { summary: TodaySummary | undefined }) {
  const today = summary?.today ?? zero;
  const lastWeek = summary?.lastWeek ?? zero;
  const leftCents = today.incomeCents - today.expensesCents;
  const cards = [
    {
      key: 'income',
      title: 'Today Income',
      hint: 'Payments received today, less refunds',
      value: formatMoney(today.incomeCents),
      caption: changeCaption(today.incomeCents, lastWeek.incomeCents),
    },
    {
      key: 'expenses',
      title: 'Today Expenses',
      hint: 'Expenses dated today, less their corrections',
      value: formatMoney(today.expensesCents),
      caption: `Income less expenses: ${formatMoney(leftCents)}`,
      down: leftCents < 0,
    },
    { key: 'checkins', title: 'Today CheckIns', value: String(today.checkIns), caption: changeCaption(today.checkIns, lastWeek.checkIns) },
    { key: 'finished', title: 'Finished Jobs', value: String(today.finished), caption: changeCaption(today.finished, lastWeek.finished) },
  ];
  return (
    <div className="summary-cards">
      {cards.map((card) => (
        <section key={card.key} className={`panel summary-card summary-${card.key}`} aria-label={card.title}>
          <h2>{card.title}</h2>
          <p className="summary-value" title={'hint' in card ? card.hint : undefined}>
            {card.value}
          </p>
          <p className={`summary-caption ${('down' in card ? card.down : card.caption.startsWith('-')) ? 'down' : 'up'}`}>{summary ? card.caption : '\u00a0'}</p>
        </section>
      ))}
    </div>
  );
}
