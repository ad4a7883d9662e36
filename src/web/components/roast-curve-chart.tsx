import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import type { ArtisanCurve } from '#shared/schemas/artisan.js';
import { BT_COLOUR, clockTime, ET_COLOUR, EVENT_ORDER } from './roast-curve-format.js';

/**
 * The Recharts drawing of a roast's Artisan curve, in a chunk of its own that
 * only the curve dialog loads (docs/decisions/0019-web-chunk-groups-and-route-preloads.md:
 * Recharts stays out of login + home and out of the screens' shared chunk).
 * BT and ET against the time from CHARGE, every point of the file, with the
 * events as labelled vertical lines; no animation (a thousand points).
 */


export function RoastCurveChart({ curve }: { curve: ArtisanCurve }) {
  const degrees = `°${curve.unit}`;
  return (
    <LineChart responsive style={{ width: '100%', height: 320 }} data={curve.points} margin={{ top: 24, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} tickFormatter={clockTime} />
      <YAxis width={56} unit={degrees} domain={['auto', 'auto']} />
      <Tooltip
        isAnimationActive={false}
        labelFormatter={(t) => clockTime(Number(t))}
        formatter={(value) => `${Number(value).toFixed(1)} ${degrees}`}
      />
      {EVENT_ORDER.map((event) => {
        const t = curve.events[event];
        return t === null ? null : (
          <ReferenceLine key={event} x={t} stroke="#6b5a4d" strokeDasharray="4 4" label={{ value: m.eventMarks[event], position: 'insideTopLeft', fontSize: 11, angle: -90, dx: 12, dy: 8 }} />
        );
      })}
      <Line type="monotone" dataKey="bt" name={m.curveBt} stroke={BT_COLOUR} dot={false} strokeWidth={2} isAnimationActive={false} connectNulls={false} />
      <Line type="monotone" dataKey="et" name={m.curveEt} stroke={ET_COLOUR} dot={false} strokeWidth={1.5} isAnimationActive={false} connectNulls={false} />
    </LineChart>
  );
}
