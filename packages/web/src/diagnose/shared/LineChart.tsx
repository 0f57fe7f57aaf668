import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { legendValue } from './legend-value';

export interface ChartSeries {
  label: string;
  /** One value per x, null where there is none (a lost ping). */
  values: readonly (number | null)[];
  colour: string;
}

interface LineChartProps {
  /** What the chart shows, for screen readers and as its caption. */
  title: string;
  xs: readonly number[];
  series: readonly ChartSeries[];
  /** Format of an x value on the axis (seconds, sample number). */
  xValue?: (x: number) => string;
  testId?: string;
}

const HEIGHT = 180;

/**
 * A line chart of uPlot (about 20 KB gzipped, canvas, made for time series), loaded only by this
 * page. Redrawn with new data without being rebuilt, so the live throughput chart stays smooth.
 */
export function LineChart({ title, xs, series, xValue, testId }: LineChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const shape = series.map((s) => `${s.label}:${s.colour}`).join('|');

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const rtl = getComputedStyle(element).direction === 'rtl';
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height: HEIGHT,
      legend: { show: true },
      scales: { x: { time: false, dir: rtl ? -1 : 1 } },
      axes: [{ ...(xValue ? { values: (_u, ticks) => ticks.map(xValue) } : {}) }, {}],
      series: [
        {},
        ...series.map((s) => ({ label: s.label, stroke: s.colour, width: 2, spanGaps: false, value: legendValue })),
      ],
    };
    const made = new uPlot(options, [[], ...series.map(() => [])], element);
    chart.current = made;
    const resize = new ResizeObserver(() => {
      made.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      made.destroy();
      chart.current = null;
    };
    // Rebuilt only when the series themselves change; new values are set below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shape` stands for `series`' labels and colours
  }, [shape, xValue]);

  useEffect(() => {
    chart.current?.setData([xs as number[], ...series.map((s) => s.values as (number | null)[])]);
  }, [xs, series]);

  return <div ref={holder} className="diag-chart" role="img" aria-label={title} data-testid={testId} />;
}
