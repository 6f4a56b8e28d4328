const dateTime = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });

/** dd/MM/yyyy h:mm am: the spec's date-time format. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
