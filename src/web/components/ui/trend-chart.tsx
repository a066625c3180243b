import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// The recharts part of a trend, in its own module so that it is downloaded only by the views that
// draw one (lazy-trend-chart.tsx); the landing page and the dashboard never load recharts.

export interface TrendSeries {
  key: string;
  label: string;
  /** A CSS colour; series are also told apart by their dash pattern, not by colour alone. */
  color: string;
  dash?: string;
}

export interface TrendPoint {
  /** Milliseconds since the epoch. */
  at: number;
  [series: string]: number;
}

export interface TrendChartProps {
  points: TrendPoint[];
  series: TrendSeries[];
  referenceLow?: number | null;
  referenceHigh?: number | null;
  formatTime: (at: number) => string;
  formatValue: (value: number) => string;
}

export default function TrendChart({ points, series, referenceLow, referenceHigh, formatTime, formatValue }: TrendChartProps) {
  const hasRange = referenceLow != null || referenceHigh != null;
  return (
    // Time runs left to right in every language, so the plot keeps its direction under dir="rtl".
    <div dir="ltr" className="h-56 w-full" aria-hidden="true" data-testid="trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
          {hasRange ? (
            <ReferenceArea
              y1={referenceLow ?? undefined}
              y2={referenceHigh ?? undefined}
              fill="#14b8a6"
              fillOpacity={0.12}
              ifOverflow="extendDomain"
            />
          ) : null}
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={formatTime}
            tick={{ fontSize: 12, fill: 'currentColor' }}
            minTickGap={24}
          />
          <YAxis tickFormatter={formatValue} tick={{ fontSize: 12, fill: 'currentColor' }} width={48} domain={['auto', 'auto']} />
          <Tooltip
            labelFormatter={(label) => formatTime(Number(label))}
            formatter={(value) => formatValue(Number(value))}
            contentStyle={{ color: '#0f172a' }}
          />
          {series.map((line) => (
            <Line
              key={line.key}
              type="monotone"
              dataKey={line.key}
              name={line.label}
              stroke={line.color}
              strokeDasharray={line.dash}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
              connectNulls
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
