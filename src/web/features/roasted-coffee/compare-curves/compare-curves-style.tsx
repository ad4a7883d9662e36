/**
 * How each compared roast is drawn (docs/product-guide.md#comparar-curvas): a
 * colour, a line style and a marker shape, so two roasts differ by more than
 * colour alone (WCAG 1.4.1) and read apart in a grey print. The colours are
 * dark enough to stand 3:1 against white: the app's BT brown, then Okabe–Ito's
 * blue, and its vermillion and bluish green, darkened.
 */

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond';

export interface CurveStyle {
  colour: string;
  /** The SVG stroke-dasharray; undefined for a solid line. */
  dash: string | undefined;
  marker: MarkerShape;
}

/** In the order the roasts were ticked: the first keeps the single curve's BT brown. */
export const CURVE_STYLES: readonly CurveStyle[] = [
  { colour: '#6f3d1e', dash: undefined, marker: 'circle' },
  { colour: '#0072B2', dash: '9 4', marker: 'square' },
  { colour: '#B34700', dash: '2 3', marker: 'triangle' },
  { colour: '#00755A', dash: '12 4 3 4', marker: 'diamond' },
];

/** A roast's marker, centred on (x, y): on its curve at each event, and in the legend. */
export function CurveMarker({ shape, x, y, colour }: { shape: MarkerShape; x: number; y: number; colour: string }) {
  const size = 4.5;
  switch (shape) {
    case 'circle':
      return <circle cx={x} cy={y} r={size} fill={colour} stroke="#fff" strokeWidth={1} />;
    case 'square':
      return <rect x={x - size} y={y - size} width={size * 2} height={size * 2} fill={colour} stroke="#fff" strokeWidth={1} />;
    case 'triangle':
      return <path d={`M${x},${y - size - 1} L${x + size + 1},${y + size} L${x - size - 1},${y + size} Z`} fill={colour} stroke="#fff" strokeWidth={1} />;
    case 'diamond':
      return <path d={`M${x},${y - size - 1} L${x + size + 1},${y} L${x},${y + size + 1} L${x - size - 1},${y} Z`} fill={colour} stroke="#fff" strokeWidth={1} />;
  }
}

/** The legend's sample of a roast's line: a short stretch in its colour and style with its marker in the middle. */
export function CurveSample({ style }: { style: CurveStyle }) {
  return (
    <svg className="compare-curves__sample" width={44} height={14} aria-hidden="true" focusable="false">
      <line x1={2} x2={42} y1={7} y2={7} stroke={style.colour} strokeWidth={2.5} strokeDasharray={style.dash} />
      <CurveMarker shape={style.marker} x={22} y={7} colour={style.colour} />
    </svg>
  );
}
