import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TrendChart, { CHART_HEIGHT, layoutTrend, nearestPoint, type TrendChartProps } from './trend-chart';

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

function props(overrides: Partial<TrendChartProps> = {}): TrendChartProps {
  return {
    points: [
      { at: START, systolic: 120, diastolic: 80 },
      { at: START + 10 * DAY, systolic: 135, diastolic: 88 },
      { at: START + 20 * DAY, systolic: 128 },
      { at: START + 30 * DAY, systolic: 142, diastolic: 91 },
    ],
    series: [
      { key: 'systolic', label: 'Systolic', color: '#0f766e' },
      { key: 'diastolic', label: 'Diastolic', color: '#b45309', dash: '6 4' },
    ],
    formatTime: (at) => new Date(at).toISOString().slice(0, 10),
    formatValue: (value) => value.toFixed(0),
    ...overrides,
  };
}

describe('layoutTrend', () => {
  it('puts time left to right and higher values higher, within the plot', () => {
    const layout = layoutTrend(props(), 400);
    const systolic = layout.lines[0]!.dots;
    expect(systolic.map((dot) => dot.at)).toEqual(props().points.map((point) => point.at));
    for (let i = 1; i < systolic.length; i++) expect(systolic[i]!.x).toBeGreaterThan(systolic[i - 1]!.x);
    expect(systolic[0]!.x).toBe(layout.plot.left);
    expect(systolic[3]!.x).toBe(layout.plot.right);
    // 142 is above 120: a smaller y on screen.
    expect(systolic[3]!.y).toBeLessThan(systolic[0]!.y);
    for (const dot of systolic) {
      expect(dot.y).toBeGreaterThanOrEqual(layout.plot.top);
      expect(dot.y).toBeLessThanOrEqual(layout.plot.bottom);
    }
    expect(layout.plot.bottom).toBeLessThan(CHART_HEIGHT);
  });

  it('mirrors the chart in a right-to-left language: time right to left, the value axis on the right', () => {
    const layout = layoutTrend(props(), 400, true);
    const systolic = layout.lines[0]!.dots;
    for (let i = 1; i < systolic.length; i++) expect(systolic[i]!.x).toBeLessThan(systolic[i - 1]!.x);
    expect(systolic[0]!.x).toBe(layout.plot.right);
    expect(systolic[3]!.x).toBe(layout.plot.left);
    expect(layout.valueAxis).toEqual({ x: layout.plot.right + 6, anchor: 'start' });
    // The value labels' room moves to the right-hand side.
    expect(400 - layout.plot.right).toBeGreaterThan(layout.plot.left);
    expect(layoutTrend(props(), 400).valueAxis).toEqual({ x: layoutTrend(props(), 400).plot.left - 6, anchor: 'end' });
  });

  it('joins a series across the points where it has no value', () => {
    const layout = layoutTrend(props(), 400);
    const diastolic = layout.lines[1]!;
    expect(diastolic.dots.map((dot) => dot.value)).toEqual([80, 88, 91]);
    // One unbroken path: a single move-to.
    expect(diastolic.path.match(/M/g)).toHaveLength(1);
  });

  it('stretches the value axis to show the whole reference range', () => {
    const layout = layoutTrend(
      props({
        points: [
          { at: START, value: 5 },
          { at: START + DAY, value: 6 },
        ],
        series: [{ key: 'value', label: 'A1c', color: '#000' }],
        referenceLow: 4,
        referenceHigh: 9,
      }),
      400,
    );
    const values = layout.yTicks.map((tick) => tick.value);
    expect(Math.min(...values)).toBeLessThanOrEqual(4);
    expect(Math.max(...values)).toBeGreaterThanOrEqual(9);
    expect(layout.band!.top).toBeGreaterThanOrEqual(layout.plot.top);
    expect(layout.band!.bottom).toBeLessThanOrEqual(layout.plot.bottom);
    expect(layout.band!.bottom).toBeGreaterThan(layout.band!.top);
  });

  it('shades from the one limit to the edge of the plot when only one is known', () => {
    const layout = layoutTrend(props({ referenceHigh: 130 }), 400);
    expect(layout.band!.bottom).toBe(layout.plot.bottom);
    expect(layout.band!.top).toBeGreaterThan(layout.plot.top);
  });

  it('draws a single measurement in the middle with room above and below', () => {
    const layout = layoutTrend(props({ points: [{ at: START, systolic: 120 }] }), 400);
    const dot = layout.lines[0]!.dots[0]!;
    expect(dot.x).toBe((layout.plot.left + layout.plot.right) / 2);
    expect(dot.y).toBeGreaterThan(layout.plot.top);
    expect(dot.y).toBeLessThan(layout.plot.bottom);
    expect(layout.xTicks).toHaveLength(1);
  });

  it('gives each time label room, and fewer labels to a narrower chart', () => {
    const points = Array.from({ length: 60 }, (_, i) => ({ at: START + i * DAY, value: i }));
    const series = [{ key: 'value', label: 'Weight', color: '#000' }];
    const wide = layoutTrend(props({ points, series }), 900);
    const narrow = layoutTrend(props({ points, series }), 300);
    expect(narrow.xTicks.length).toBeLessThan(wide.xTicks.length);
    for (const layout of [wide, narrow]) {
      for (let i = 1; i < layout.xTicks.length; i++) expect(layout.xTicks[i]!.x - layout.xTicks[i - 1]!.x).toBeGreaterThanOrEqual(40);
    }
  });
});

describe('nearestPoint', () => {
  it('picks the measurement closest to the pointer', () => {
    const layout = layoutTrend(props(), 400);
    const points = props().points;
    expect(nearestPoint(points, layout.xOf, layout.plot.left)?.at).toBe(START);
    expect(nearestPoint(points, layout.xOf, layout.xOf(START + 19 * DAY))?.at).toBe(START + 20 * DAY);
    expect(nearestPoint([], layout.xOf, 10)).toBeUndefined();
  });
});

describe('TrendChart', () => {
  it('draws one line per series with a dot per value, hidden from assistive technology', () => {
    render(<TrendChart {...props({ referenceLow: 90, referenceHigh: 130 })} />);
    const chart = screen.getByTestId('trend-chart');
    expect(chart).toHaveAttribute('aria-hidden', 'true');
    expect(chart).toHaveAttribute('dir', 'ltr');
    const lines = within(chart).getAllByTestId('trend-line');
    expect(lines.map((line) => line.getAttribute('data-series'))).toEqual(['systolic', 'diastolic']);
    expect(lines[0]!.querySelectorAll('circle')).toHaveLength(4);
    expect(lines[1]!.querySelectorAll('circle')).toHaveLength(3);
    // The second series is told apart by its dash pattern, not by colour alone.
    expect(lines[1]!.querySelector('path')).toHaveAttribute('stroke-dasharray', '6 4');
    expect(within(chart).getByTestId('trend-reference-range')).toBeInTheDocument();
    // Axis labels use the view's own formatting.
    expect(within(chart).getAllByText(/^2026-01-\d\d$/).length).toBeGreaterThan(0);
  });

  it('shows the values of the nearest measurement under the pointer, and hides them when it leaves', () => {
    render(<TrendChart {...props()} />);
    const surface = screen.getByTestId('trend-chart-surface');
    expect(screen.queryByTestId('trend-tooltip')).toBeNull();
    // jsdom lays nothing out: the surface starts at 0, so clientX is the position in the chart.
    const layout = layoutTrend(props(), 480);
    fireEvent.pointerMove(surface, { clientX: layout.xOf(START + 10 * DAY) + 2 });
    const tooltip = screen.getByTestId('trend-tooltip');
    expect(tooltip).toHaveTextContent('2026-01-11');
    expect(tooltip).toHaveTextContent('Systolic: 135');
    expect(tooltip).toHaveTextContent('Diastolic: 88');
    fireEvent.pointerMove(surface, { clientX: layout.xOf(START + 20 * DAY) });
    expect(screen.getByTestId('trend-tooltip')).not.toHaveTextContent('Diastolic');
    fireEvent.pointerLeave(surface);
    expect(screen.queryByTestId('trend-tooltip')).toBeNull();
  });
});
