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
  /** Translates a declaration's label. */
  label: (text: string) => string;
  ariaLabel: string;
}

export default function ReportChart({ chart, columns, rows, label, ariaLabel }: ReportChartProps) {
  // Rows with the same x are summed: a month across lessons, a lesson across students.
  const xs: string[] = [];
  const sums = new Map<string, number[]>();
  const series = chart.count
    ? [{ key: '', label: label(chart.count) }]
    : chart.y.map((key) => ({
        key,
        label: label(columns.find((c) => c.key === key)?.label ?? key),
      }));
  for (const row of rows) {
    const x = String(row[chart.x] ?? '—');
    if (!sums.has(x)) {
      xs.push(x);
      sums.set(
        x,
        series.map(() => 0),
      );
    }
    const values = sums.get(x)!;
    series.forEach((s, i) => {
      values[i] = (values[i] ?? 0) + (chart.count ? 1 : Number(row[s.key] ?? 0));
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
