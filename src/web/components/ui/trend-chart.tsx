import { scaleLinear, scaleTime } from 'd3-scale';
import { curveMonotoneX, line } from 'd3-shape';
import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../../contracts/languages';

// A line chart of values over time drawn as SVG by React: the scales and the curve come from d3,
// everything else is markup (docs/decisions/017-light-web-charts-and-texts.md). In its own module
// so that only the views that draw a trend download it (lazy-trend-chart.tsx).

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

export const CHART_HEIGHT = 224;
/** Used until the first measurement (and where the browser has no layout, as in unit tests). */
const FALLBACK_WIDTH = 480;
/** The value axis's labels take the wide side: the start of the line (left, or right in right-to-left languages). */
const MARGIN = { top: 8, axis: 52, end: 12, bottom: 24 };
/** The least room one time label gets, so labels never run into each other. */
const MIN_TICK_GAP = 72;
const TICK_FONT_SIZE = 12;

export interface TrendLayout {
  width: number;
  xTicks: { at: number; x: number }[];
  yTicks: { value: number; y: number }[];
  /** The band between the reference limits, already clipped to the plot. */
  band: { top: number; bottom: number } | null;
  lines: { series: TrendSeries; path: string; dots: { at: number; x: number; y: number; value: number }[] }[];
  plot: { left: number; right: number; top: number; bottom: number };
  /** Where the value axis's labels stand and which way they are anchored. */
  valueAxis: { x: number; anchor: 'start' | 'end' };
  xOf: (at: number) => number;
}

function valuesOf(points: TrendPoint[], series: TrendSeries[]): number[] {
  return points.flatMap((point) => series.flatMap((line) => (Number.isFinite(point[line.key]) ? [point[line.key] as number] : [])));
}

/**
 * Where everything goes for a chart `width` pixels wide. The value axis covers every value and the
 * reference range (so the band is never cut off), rounded to readable ticks; a series skips the
 * points where it has no value and joins its neighbours. Time runs the way the language reads:
 * left to right, or right to left (`rtl`) with the value axis on the right, as Arabic charts are drawn.
 */
export function layoutTrend({ points, series, referenceLow, referenceHigh }: TrendChartProps, width: number, rtl = false): TrendLayout {
  const plot = rtl
    ? { left: MARGIN.end, right: width - MARGIN.axis, top: MARGIN.top, bottom: CHART_HEIGHT - MARGIN.bottom }
    : { left: MARGIN.axis, right: width - MARGIN.end, top: MARGIN.top, bottom: CHART_HEIGHT - MARGIN.bottom };
  const times = points.map((point) => point.at);
  const firstAt = Math.min(...times);
  const lastAt = Math.max(...times);
  const x = scaleTime()
    .domain(times.length > 0 ? [firstAt, lastAt] : [0, 1])
    .range(rtl ? [plot.right, plot.left] : [plot.left, plot.right]);

  const values = [...valuesOf(points, series), ...[referenceLow, referenceHigh].filter((v): v is number => v != null)];
  let low = values.length > 0 ? Math.min(...values) : 0;
  let high = values.length > 0 ? Math.max(...values) : 1;
  if (low === high) {
    // One value: give it room above and below instead of a flat axis.
    const pad = Math.abs(low) * 0.1 || 1;
    low -= pad;
    high += pad;
  }
  const y = scaleLinear().domain([low, high]).nice(5).range([plot.bottom, plot.top]);

  const xOf = (at: number) => (firstAt === lastAt ? (plot.left + plot.right) / 2 : x(at));
  const tickCount = Math.max(2, Math.floor((plot.right - plot.left) / MIN_TICK_GAP));
  const xTicks = firstAt === lastAt ? [{ at: firstAt, x: xOf(firstAt) }] : x.ticks(tickCount).map((date) => ({ at: +date, x: x(date) }));
  const yTicks = y.ticks(5).map((value) => ({ value, y: y(value) }));

  const hasRange = referenceLow != null || referenceHigh != null;
  const band = hasRange
    ? { top: referenceHigh != null ? y(referenceHigh) : plot.top, bottom: referenceLow != null ? y(referenceLow) : plot.bottom }
    : null;

  const draw = line<{ x: number; y: number }>()
    .x((d) => d.x)
    .y((d) => d.y)
    .curve(curveMonotoneX);
  const lines = series.map((one) => {
    const dots = points
      .filter((point) => Number.isFinite(point[one.key]))
      .map((point) => ({ at: point.at, value: point[one.key] as number, x: xOf(point.at), y: y(point[one.key] as number) }));
    return { series: one, path: draw(dots) ?? '', dots };
  });

  const valueAxis = rtl ? { x: plot.right + 6, anchor: 'start' as const } : { x: plot.left - 6, anchor: 'end' as const };
  return { width, xTicks, yTicks, band, lines, plot, valueAxis, xOf };
}

/** The point nearest to a horizontal position, as a pointer over the plot picks it. */
export function nearestPoint(points: TrendPoint[], xOf: (at: number) => number, pointerX: number): TrendPoint | undefined {
  let best: TrendPoint | undefined;
  let bestDistance = Infinity;
  for (const point of points) {
    const distance = Math.abs(xOf(point.at) - pointerX);
    if (distance < bestDistance) {
      best = point;
      bestDistance = distance;
    }
  }
  return best;
}

/** The element's width, followed as it changes (the chart fills its card at every screen size). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.clientWidth);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export default function TrendChart(props: TrendChartProps) {
  const { points, series, formatTime, formatValue } = props;
  const [ref, width] = useWidth();
  const [hovered, setHovered] = useState<TrendPoint | undefined>(undefined);
  const { i18n } = useTranslation();
  const layout = layoutTrend(props, width, directionOf(i18n.language ?? 'en') === 'rtl');
  const { plot } = layout;

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setHovered(nearestPoint(points, layout.xOf, event.clientX - box.left));
  };
  const hoveredX = hovered ? layout.xOf(hovered.at) : 0;

  return (
    // The layout places everything in SVG coordinates for either reading direction (layoutTrend);
    // the frame itself stays left to right so those coordinates mean the same. The picture is hidden from assistive technology: lazy-trend-chart.tsx gives the same figures
    // as a sentence and a table.
    <div ref={ref} dir="ltr" className="relative h-56 w-full" aria-hidden="true" data-testid="trend-chart">
      <svg
        width={width}
        height={CHART_HEIGHT}
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        className="block overflow-visible"
        data-testid="trend-chart-surface"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHovered(undefined)}
      >
        <g stroke="currentColor" strokeOpacity={0.15} strokeDasharray="3 3">
          {layout.yTicks.map((tick) => (
            <line key={`y${tick.value}`} x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
          ))}
          {layout.xTicks.map((tick) => (
            <line key={`x${tick.at}`} x1={tick.x} x2={tick.x} y1={plot.top} y2={plot.bottom} />
          ))}
        </g>
        {layout.band ? (
          <rect
            data-testid="trend-reference-range"
            x={plot.left}
            width={plot.right - plot.left}
            y={layout.band.top}
            height={Math.max(0, layout.band.bottom - layout.band.top)}
            fill="#14b8a6"
            fillOpacity={0.12}
          />
        ) : null}
        <g fill="currentColor" fontSize={TICK_FONT_SIZE}>
          {layout.yTicks.map((tick) => (
            <text key={tick.value} x={layout.valueAxis.x} y={tick.y} textAnchor={layout.valueAxis.anchor} dominantBaseline="middle">
              {formatValue(tick.value)}
            </text>
          ))}
          {layout.xTicks.map((tick) => (
            <text key={tick.at} x={tick.x} y={plot.bottom + 16} textAnchor="middle">
              {formatTime(tick.at)}
            </text>
          ))}
        </g>
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="currentColor" strokeOpacity={0.4} />
        {hovered ? <line x1={hoveredX} x2={hoveredX} y1={plot.top} y2={plot.bottom} stroke="currentColor" strokeOpacity={0.4} /> : null}
        {layout.lines.map(({ series: one, path, dots }) => (
          <g key={one.key} data-testid="trend-line" data-series={one.key}>
            <path d={path} fill="none" stroke={one.color} strokeWidth={2} strokeDasharray={one.dash} />
            {dots.map((dot) => (
              <circle
                key={dot.at}
                cx={dot.x}
                cy={dot.y}
                r={hovered?.at === dot.at ? 5 : 3}
                fill="white"
                stroke={one.color}
                strokeWidth={2}
              />
            ))}
          </g>
        ))}
      </svg>
      {hovered ? (
        <div
          data-testid="trend-tooltip"
          className="pointer-events-none absolute top-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900 shadow"
          style={hoveredX > width / 2 ? { right: width - hoveredX + 8 } : { left: hoveredX + 8 }}
        >
          <p className="font-medium">{formatTime(hovered.at)}</p>
          {series.map((one) =>
            Number.isFinite(hovered[one.key]) ? (
              <p key={one.key} style={{ color: one.color }}>
                {one.label}: {formatValue(hovered[one.key] as number)}
              </p>
            ) : null,
          )}
        </div>
      ) : null}
    </div>
  );
}
