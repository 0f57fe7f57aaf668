/**
 * The legend's value of a chart's series: the value under the cursor, else the latest one, so a
 * live chart reads 'Throughput (Mbit/s): 1950.3' rather than uPlot's '--' whenever the pointer is
 * elsewhere; empty where there is none (the stylesheet then drops the colon after the name).
 */
export function legendValue(
  chart: { data: readonly (ArrayLike<number | null | undefined> | undefined)[] },
  value: number | null | undefined,
  seriesIndex: number,
  index: number | null,
): string {
  if (index !== null) return shown(value);
  const values = chart.data[seriesIndex];
  if (values === undefined) return '';
  for (let i = values.length - 1; i >= 0; i--) {
    const latest = shown(values[i]);
    if (latest !== '') return latest;
  }
  return '';
}

const shown = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(1) : '';
