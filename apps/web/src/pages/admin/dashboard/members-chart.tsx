import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { fullDay, type MembersDay, shortDay } from './dashboard-format.ts';

type MembersChartProps = {
  days: readonly MembersDay[];
  /** Names the chart for assistive technology. */
  title: string;
  /** The element that says the figures in words: the chart's description. */
  summaryId: string;
  seriesLabel: string;
};

/**
 * New members per day as bars. Its own module so that MUI X Charts loads only with the dashboard,
 * after the figures are on screen.
 */
export function MembersChart({ days, title, summaryId, seriesLabel }: MembersChartProps) {
  const hasMembers = days.some((d) => d.count > 0);
  // The chart's own title prop puts aria-label on a div of role none, which ARIA forbids: the
  // figure around it carries the name and description instead (its svg is hidden from readers).
  return (
    <Box component="figure" aria-label={title} aria-describedby={summaryId} sx={{ m: 0 }}>
      <BarChart
        height={260}
        hideLegend
        xAxis={[
          {
            scaleType: 'band',
            data: days.map((d) => d.day),
            // Ticks are short; the tooltip and screen readers get the whole date.
            valueFormatter: (day: string, context) =>
              context.location === 'tick' ? shortDay(day) : fullDay(day),
          },
        ]}
        // Whole members only; a month without any still gets a 0-1 scale rather than a collapsed one.
        yAxis={[{ min: 0, max: hasMembers ? undefined : 1, tickMinStep: 1, width: 40 }]}
        series={[{ data: days.map((d) => d.count), label: seriesLabel }]}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      />
    </Box>
  );
}
