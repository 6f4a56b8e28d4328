/** One line of a document's totals: a label, its amount, and how it stands out (the total, what was returned, what is due). */
export interface TotalsLine {
  label: string;
  value: string;
  look?: 'grand-total' | 'returned' | 'due' | 'credit';
}

/** The totals block at the foot of an A4 document (invoice, credit note, X and Z report): label left, amount right. */
export function DocTotals({ lines }: { lines: TotalsLine[] }) {
  return (
    <table className="doc-totals">
      <tbody>
        {lines.map(({ label, value, look }) => (
          <tr key={label} className={look ? `doc-${look}` : undefined}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
