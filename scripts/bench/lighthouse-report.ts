// Lighthouse's figures beside the issue's goals: console lines and the section of docs/benchmarks.md
// (scripts/bench/lighthouse.ts measures them). No Lighthouse import here, so `--render` stays light.

export const lighthouseGoals = { performance: 0.95, accessibility: 1, 'best-practices': 1 } as const;
export type CategoryId = keyof typeof lighthouseGoals;
export const categoryIds = Object.keys(lighthouseGoals) as CategoryId[];

/** What one audit costs: a metric's share of the performance score lost, or a failing check. */
export interface AuditCost {
  id: string;
  title: string;
  displayValue?: string;
  /** Performance points lost (0-100) for a metric; estimated savings in ms for an opportunity. */
  lost?: number;
  savingsMs?: number;
}

export interface LighthousePage {
  /** dashboard: as on a tablet in use (service worker, caches); dashboard-cold: logged in, caches emptied. */
  name: 'login' | 'dashboard' | 'dashboard-cold';
  url: string;
  /** The run shown (the median by performance score) and every run's performance score. */
  runs: number[];
  scores: Record<CategoryId, number | null>;
  /** Milliseconds (CLS unitless), simulated. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** The metrics that cost performance points, most first. */
  metricCosts: AuditCost[];
  /** Opportunities and diagnostics that Lighthouse flags (score < 0.9), most savings first. */
  opportunities: AuditCost[];
  /** Failing audits of accessibility and best practices. */
  failing: (AuditCost & { category: CategoryId })[];
  /** The LCP element as Lighthouse names it. */
  lcpElement?: string;
  reportFile?: string;
}

export interface LighthouseReport {
  lighthouse: string;
  chromium: string;
  pages: LighthousePage[];
}

export const fmtScore = (score: number | null) => (score === null ? 'n/a' : score.toFixed(2));
const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
const mark = (score: number | null, goal: number) => (score !== null && score >= goal ? 'ok' : 'MISSED');

/** Lines for the console: each score beside its goal, the metrics, and what costs points. */
export function lighthouseLines(report: LighthouseReport): string[] {
  const lines = [`Lighthouse ${report.lighthouse}, mobile (simulated slow 4G, 4x CPU), ${report.chromium}:`];
  for (const page of report.pages) {
    const scores = categoryIds
      .map((id) => `${id} ${fmtScore(page.scores[id])} (goal ${id === 'performance' ? '>= ' : ''}${lighthouseGoals[id].toFixed(2)}, ${mark(page.scores[id], lighthouseGoals[id])})`)
      .join(', ');
    const { fcp, lcp, tbt, cls, speedIndex } = page.metrics;
    lines.push(`  ${page.name} (${page.url}): ${scores}`);
    lines.push(`    FCP ${fmtMs(fcp)}, LCP ${fmtMs(lcp)}, TBT ${fmtMs(tbt)}, CLS ${cls.toFixed(3)}, Speed Index ${fmtMs(speedIndex)}; runs ${page.runs.map(fmtScore).join(', ')}`);
    if (page.metricCosts.length) lines.push(`    points lost: ${page.metricCosts.map((c) => `${c.title} ${c.lost!.toFixed(0)} (${c.displayValue})`).join(', ')}`);
    for (const o of page.opportunities.slice(0, 6)) lines.push(`    - ${o.title}${o.displayValue ? `: ${o.displayValue}` : ''}${o.savingsMs ? ` (~${fmtMs(o.savingsMs)})` : ''}`);
    for (const f of page.failing) lines.push(`    FAILS (${f.category}): ${f.title} [${f.id}]`);
    if (page.lcpElement) lines.push(`    LCP element: ${page.lcpElement.slice(0, 120)}`);
    if (page.reportFile) lines.push(`    report: ${page.reportFile}`);
  }
  return lines;
}

/** True when every page meets every goal. */
export function lighthouseMet(report: LighthouseReport): boolean {
  return report.pages.every((page) => categoryIds.every((id) => (page.scores[id] ?? 0) >= lighthouseGoals[id]));
}

/** The section of docs/benchmarks.md. */
export function renderLighthouse(report: LighthouseReport): string {
  const rows = report.pages.map((page) => {
    const { fcp, lcp, tbt, cls } = page.metrics;
    const cell = (id: CategoryId) => `${fmtScore(page.scores[id])} ${mark(page.scores[id], lighthouseGoals[id]) === 'ok' ? '✓' : '✗'}`;
    return `| ${page.name} (\`${new URL(page.url).pathname}\`) | ${cell('performance')} | ${cell('accessibility')} | ${cell('best-practices')} | ${fmtMs(fcp)} | ${fmtMs(lcp)} | ${fmtMs(tbt)} | ${cls.toFixed(3)} | ${page.runs.map(fmtScore).join(', ')} |`;
  });
  const costs = report.pages.flatMap((page) => {
    const parts = [
      ...page.metricCosts.map((c) => `${c.title} −${c.lost!.toFixed(0)} points (${c.displayValue})`),
      ...page.opportunities.slice(0, 5).map((o) => `${o.title}${o.displayValue ? ` (${o.displayValue})` : ''}`),
      ...page.failing.map((f) => `fails ${f.category}: ${f.title}`),
    ];
    return parts.length ? [`- ${page.name}: ${parts.join('; ')}.`] : [];
  });
  return [
    `### Lighthouse (issue 11)`,
    '',
    `Lighthouse ${report.lighthouse}, mobile defaults (simulated slow 4G and a 4x slower CPU), in ${report.chromium}; the median of ${report.pages[0]?.runs.length ?? 0} runs per page by performance score. Goals: performance ≥ 0.95, accessibility 1.00, best practices 1.00.`,
    '',
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | runs (performance) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...(costs.length ? ['What costs points:', '', ...costs, ''] : []),
  ].join('\n');
}

/** Rows of the summary table in docs/benchmarks.md: [figure, target, measured, verdict]. */
export function lighthouseSummaryRows(report: LighthouseReport): string[][] {
  return report.pages.flatMap((page) =>
    categoryIds.map((id) => [
      `Lighthouse mobile, ${page.name} page: ${id.replace('-', ' ')}` +
        (id === 'performance' ? ` (FCP ${fmtMs(page.metrics.fcp)}, LCP ${fmtMs(page.metrics.lcp)}, TBT ${fmtMs(page.metrics.tbt)})` : ''),
      `${id === 'performance' ? '≥ ' : ''}${lighthouseGoals[id].toFixed(2)}`,
      fmtScore(page.scores[id]),
      mark(page.scores[id], lighthouseGoals[id]) === 'ok' ? 'met' : '**missed**',
    ]),
  );
}
