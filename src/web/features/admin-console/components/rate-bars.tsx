import { scaleBand, scaleLinear } from 'd3-scale';
import { useLayoutEffect, useRef, useState } from 'react';

// Rates as horizontal bars, two per row (no-shows and cancellations), drawn as SVG by React with
// d3 scales, like the trend charts. The picture is hidden from assistive technology: the table
// beside it carries the same figures.

export interface RateBarRow {
  key: string;
  label: string;
  /** Each series' rate between 0 and 1; null when there was nothing to divide. */
  values: (number | null)[];
}

export interface RateBarSeries {
  label: string;
  color: string;
}

const LABEL_WIDTH = 150;
const ROW_HEIGHT = 36;
const FALLBACK_WIDTH = 480;

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(Math.max(element.clientWidth, 240));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function RateBars({
  rows,
  series,
  formatRate,
}: {
  rows: RateBarRow[];
  series: RateBarSeries[];
  formatRate: (rate: number) => string;
}) {
  const [ref, width] = useWidth();
  const height = rows.length * ROW_HEIGHT + 8;
  const labelWidth = Math.min(LABEL_WIDTH, width / 3);
  const x = scaleLinear()
    .domain([0, 1])
    .range([labelWidth, width - 48]);
  const y = scaleBand<string>()
    .domain(rows.map((row) => row.key))
    .range([4, height - 4])
    .paddingInner(0.25);
  const bar = (y.bandwidth() || 0) / Math.max(series.length, 1);
  return (
    <div ref={ref} dir="ltr" className="w-full" aria-hidden="true" data-testid="rate-bars">
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="block overflow-visible">
        {rows.map((row) => (
          <g key={row.key}>
            <text
              x={labelWidth - 8}
              y={(y(row.key) ?? 0) + (y.bandwidth() || 0) / 2}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={12}
              fill="currentColor"
            >
              {row.label.length > 22 ? `${row.label.slice(0, 21)}…` : row.label}
            </text>
            {row.values.map((value, index) => {
              const top = (y(row.key) ?? 0) + index * bar;
              const right = x(value ?? 0);
              return (
                <g key={series[index]?.label ?? index}>
                  <rect
                    x={labelWidth}
                    y={top}
                    width={Math.max(0, right - labelWidth)}
                    height={Math.max(bar - 2, 1)}
                    fill={series[index]?.color}
                    rx={2}
                  />
                  <text x={right + 4} y={top + bar / 2} dominantBaseline="middle" fontSize={11} fill="currentColor">
                    {value === null ? '–' : formatRate(value)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
        <line x1={labelWidth} x2={labelWidth} y1={0} y2={height} stroke="currentColor" strokeOpacity={0.4} />
      </svg>
    </div>
  );
}
