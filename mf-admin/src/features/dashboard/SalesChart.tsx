import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import { formatMoney } from '@store/contracts/money';

export interface SalesPoint {
  /** YYYY-MM-DD */
  date: string;
  cents: number;
  orders: number;
}

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const label = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
const compactMoney = (cents: number) =>
  cents >= 100_000 ? `$${Math.round(cents / 100_000)}k` : `$${Math.round(cents / 100)}`;

/**
 * Revenue per day (bars, left axis) and orders per day (line, right axis). recharts is loaded with
 * this file only, so only the dashboard downloads it. No animation: the figures are there at once.
 * The chart is hidden from assistive technology (not focusable): the page carries its figures as a table.
 */
export default function SalesChart({ points }: { points: SalesPoint[] }) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={280} initialDimension={{ width: 640, height: 280 }}>
      <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={theme.colors.border} vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={label}
          tick={{ fill: theme.colors.textMuted, fontSize: 12 }}
          minTickGap={16}
          stroke={theme.colors.border}
        />
        <YAxis
          yAxisId="revenue"
          tickFormatter={compactMoney}
          tick={{ fill: theme.colors.textMuted, fontSize: 12 }}
          width={56}
          stroke={theme.colors.border}
          label={{ value: 'Revenue', angle: -90, position: 'insideLeft', fill: theme.colors.textMuted, fontSize: 12 }}
        />
        <YAxis
          yAxisId="orders"
          orientation="right"
          allowDecimals={false}
          tick={{ fill: theme.colors.textMuted, fontSize: 12 }}
          width={40}
          stroke={theme.colors.border}
          label={{ value: 'Orders', angle: 90, position: 'insideRight', fill: theme.colors.textMuted, fontSize: 12 }}
        />
        <Tooltip
          labelFormatter={(value) => label(String(value))}
          formatter={(value, name) => (name === 'Revenue' ? formatMoney(Number(value)) : String(value))}
        />
        <Bar
          yAxisId="revenue"
          dataKey="cents"
          name="Revenue"
          fill={theme.colors.primary}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          yAxisId="orders"
          dataKey="orders"
          name="Orders"
          stroke={theme.colors.accent}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
