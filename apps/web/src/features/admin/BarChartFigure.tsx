import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartPoint {
  label: string;
  value: number;
}

interface BarChartFigureProps {
  /** The figure's caption and the chart's name. */
  caption: string;
  data: readonly ChartPoint[];
  /** How a value reads (axis, tooltip): e.g. formatCost. */
  formatValue?: (value: number) => string;
  /** Column headings of the table that follows the chart, when the caller shows none of its own. */
  table?: { label: string; value: string };
}

const plain = (value: number) => String(value);

/**
 * A bar chart (recharts, keyboard accessible) with its numbers as text: a visually hidden table
 * when `table` is given, else the caller shows a table of the same numbers beside it.
 */
export function BarChartFigure({ caption, data, formatValue = plain, table }: BarChartFigureProps) {
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
        <YAxis tickFormatter={(v: number) => formatValue(v)} tick={{ fontSize: 11 }} width={64} />
        <Tooltip formatter={(v) => formatValue(Number(v))} />
        <Bar dataKey="value" name={caption} fill="#1d4ed8" isAnimationActive={false} />
      </BarChart>
      <figcaption className="muted">{caption}</figcaption>
      {table && (
        <table className="visually-hidden">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{table.label}</th>
              <th scope="col">{table.value}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{formatValue(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
