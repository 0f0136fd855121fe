import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line, Pie } from 'react-chartjs-2';
import type { ReportDeclaration, ReportResult } from '../../../../shared/api/reports';

// The chart of a report, in its own chunk (chart.js is large): loaded only when a report
// with a chart opens. The table beneath is its text alternative.

ChartJS.register(
  ArcElement,
  BarElement,
  CategoryScale,
  LinearScale,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

/** Colours that stay apart for most colour-blind readers (Okabe–Ito). */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442'];

export interface ReportChartProps {
  chart: NonNullable<ReportDeclaration['chart']>;
  columns: ReportDeclaration['columns'];
  rows: ReportResult['rows'];
  totals: ReportResult['totals'];
  /** Translates a declaration's label. */
  label: (text: string) => string;
  ariaLabel: string;
}

/** A figure as drawn: money in euros rather than cents. */
const drawn = (columns: ReportDeclaration['columns'], key: string, value: unknown) =>
  Number(value ?? 0) / (columns.find((c) => c.key === key)?.type === 'money-cents' ? 100 : 1);

export default function ReportChart({
  chart,
  columns,
  rows,
  totals,
  label,
  ariaLabel,
}: ReportChartProps) {
  const columnLabel = (key: string) => label(columns.find((c) => c.key === key)?.label ?? key);
  if (chart.of === 'totals') {
    // One bar (or slice) per column, of the totals row: the shape of the whole.
    const values = chart.y.map((key) => drawn(columns, key, totals[key]));
    const whole = {
      labels: chart.y.map(columnLabel),
      datasets: [
        {
          label: label(columns.find((c) => c.key === chart.y[0])?.label ?? ''),
          data: values,
          backgroundColor: chart.y.map((_key, i) => PALETTE[i % PALETTE.length]),
          maxBarThickness: 72,
        },
      ],
    };
    const props = {
      data: whole,
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false as const,
        plugins: { legend: { display: chart.kind === 'pie' } },
      },
      'aria-label': ariaLabel,
      role: 'img',
    };
    return chart.kind === 'pie' ? <Pie {...props} /> : <Bar {...props} />;
  }
  // Rows with the same x are summed: a month across lessons, a lesson across students.
  const xs: string[] = [];
  const sums = new Map<string, number[]>();
  const series = chart.count
    ? [{ key: '', label: label(chart.count) }]
    : chart.y.map((key) => ({ key, label: columnLabel(key) }));
  const xColumn = columns.find((c) => c.key === chart.x);
  for (const row of rows) {
    const raw = row[chart.x];
    const x = xColumn?.translate && typeof raw === 'string' ? label(raw) : String(raw ?? '—');
    if (!sums.has(x)) {
      xs.push(x);
      sums.set(
        x,
        series.map(() => 0),
      );
    }
    const values = sums.get(x)!;
    series.forEach((s, i) => {
      values[i] = (values[i] ?? 0) + (chart.count ? 1 : drawn(columns, s.key, row[s.key]));
    });
  }
  const data = {
    labels: xs,
    datasets: (chart.kind === 'pie' ? series.slice(0, 1) : series).map((s, i) => ({
      label: s.label,
      data: xs.map((x) => sums.get(x)![i]!),
      backgroundColor:
        chart.kind === 'pie'
          ? xs.map((_x, j) => PALETTE[j % PALETTE.length])
          : PALETTE[i % PALETTE.length],
      borderColor: PALETTE[i % PALETTE.length],
      // One lesson or fund alone would otherwise fill the chart's width.
      maxBarThickness: 72,
    })),
  };
  const stacked = chart.stacked === true;
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { position: 'bottom' as const } },
    scales:
      chart.kind === 'pie' ? undefined : { x: { stacked }, y: { stacked, beginAtZero: true } },
  };
  const props = { data, options, 'aria-label': ariaLabel, role: 'img' };
  if (chart.kind === 'pie') return <Pie {...props} />;
  if (chart.kind === 'line') return <Line {...props} />;
  return <Bar {...props} />;
}
