// Inline icons: no icon font to download or precache, and no reliance on emoji fonts.
const common = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function BellIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export function SettingsIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 4.68 15a1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9 4.68a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 19.4 9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  );
}

// Menu icons (simple strokes in the style of the ones above).
const path = (d: string) => (
  <svg {...common} aria-hidden="true">
    <path d={d} />
  </svg>
);
export const menuIcons = {
  dashboard: () => path('M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z'),
  inventory: () => path('M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8'),
  items: () => path('M4 7h16v13H4zM8 7V4h8v3M9 12h6'),
  services: () => path('M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z'),
  cannedJobs: () => path('M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01'),
  estimates: () => path('M6 3h9l3 3v15H6zM9 9h6M9 13h6M9 17h3'),
  reminders: () => path('M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zM10 19a2 2 0 0 0 4 0'),
  categories: () => path('M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8zM7.5 7.5h.01'),
  transaction: () => path('M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2zM9 8h6M9 12h6'),
  salesRegister: () => path('M3 4h2l2.4 11h11.2L21 7H6.2M9 20h.01M18 20h.01'),
  jobCard: () => path('M9 3h6v3H9zM6 5H4v16h16V5h-2M8 12h8M8 16h5'),
  returns: () => path('M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5'),
  dueList: () => path('M12 7v5l3 3M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z'),
  saleReview: () => path('M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9'),
  expenses: () => path('M3 7h18v12H3zM3 11h18M7 15h3'),
  cashDrawer: () => path('M3 13h18v7H3zM5 13l2-8h10l2 8M10 17h4'),
  customers: () => path('M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8'),
  reports: () => path('M3 21h18M7 17V10M12 17V5M17 17v-4'),
  lowStock: () => path('M12 3 2 20h20zM12 10v4M12 17h.01'),
  jobHistory: () => path('M14 3H6v18h12V7zM14 3v4h4M8 13h8M8 17h6'),
  staff: () => path('M15 19a6 6 0 0 0-12 0M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M16 11h6'),
  suppliers: () => path('M1 4h13v12H1zM14 9h4l4 4v3h-8zM5.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM18.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z'),
  purchaseOrders: () => path('M9 3h6v3H9zM6 5H4v16h16V5h-2M8 11h2M12 11h4M8 15h2M12 15h4'),
  payables: () => path('M3 6h18v13H3zM3 10h18M16 15h2'),
  settings: () =>
    path(
      'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.8 1.2V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-2.8-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3.1 15H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 10 4.1V4a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 2.8 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.8H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
    ),
  importData: () => path('M12 3v12M7 10l5 5 5-5M4 17v3h16v-3'),
} as const;
export type MenuIconName = keyof typeof menuIcons;

export function SearchIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

export function CalendarIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </svg>
  );
}
