import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

/** One bar group: its label on the x axis and a value per series key. */
export type ChartPoint = { label: string } & Record<string, number | string>;

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

interface BarChartFigureProps {
  /** The figure's caption and the chart's name. */
  caption: string;
  data: readonly ChartPoint[];
  series: readonly ChartSeries[];
  /** How a value reads (axis, tooltip): e.g. formatCost. */
  formatValue?: (value: number) => string;
  /** How an axis tick reads, when it needs more precision than a value (default formatValue). */
  formatTick?: (value: number) => string;
}

const plain = (value: number) => String(value);

/**
 * A bar chart (recharts, keyboard accessible) captioned; the caller shows a table of the same
 * numbers right after it, so nothing is only in the picture.
 */
export function BarChartFigure({
  caption,
  data,
  series,
  formatValue = plain,
  formatTick = formatValue,
}: BarChartFigureProps) {
  return (
    <figure className="admin-chart">
      <BarChart
        responsive
        style={{ width: '100%', height: 240 }}
        data={[...data]}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        title={caption}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis
          tickFormatter={(v: number) => formatTick(v)}
          tick={{ fontSize: 11 }}
          width={64}
          allowDecimals={formatValue !== plain}
        />
        <Tooltip formatter={(v) => formatValue(Number(v))} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.color}
            maxBarSize={56}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
      <figcaption className="muted">{caption}</figcaption>
    </figure>
  );
}
