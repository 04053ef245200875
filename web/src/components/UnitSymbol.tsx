/**
 * NATO-style unit symbols (after APP-6 land unit icons) for the symbol names modules give their
 * pieces: a frame with the branch drawn inside. Unknown names show as a short word instead, so a
 * new module's piece stays readable before it gets a drawing here.
 */
import type { JSX } from 'preact';

type Draw = (w: number, h: number) => JSX.Element;

const line = (x1: number, y1: number, x2: number, y2: number) => <line x1={x1} y1={y1} x2={x2} y2={y2} />;

const ICONS: Record<string, Draw> = {
  infantry: (w, h) => (
    <>
      {line(0, 0, w, h)}
      {line(0, h, w, 0)}
    </>
  ),
  marine: (w, h) => (
    <>
      {line(0, 0, w, h)}
      {line(0, h, w, 0)}
      <path d={`M${w * 0.4} ${h * 0.15} h${w * 0.2} v${h * 0.2} h-${w * 0.2} z`} />
    </>
  ),
  armor: (w, h) => <rect x={w * 0.15} y={h * 0.25} width={w * 0.7} height={h * 0.5} rx={h * 0.25} />,
  artillery: (w, h) => <circle cx={w / 2} cy={h / 2} r={h * 0.16} class="fill" />,
  'air-defence': (w, h) => (
    <>
      <circle cx={w / 2} cy={h / 2} r={h * 0.16} class="fill" />
      <path d={`M${w * 0.15} ${h} Q${w / 2} ${h * 0.3} ${w * 0.85} ${h}`} />
    </>
  ),
  engineer: (w, h) => (
    <path d={`M${w * 0.2} ${h * 0.7} V${h * 0.35} H${w * 0.8} V${h * 0.7} M${w / 2} ${h * 0.35} V${h * 0.7}`} />
  ),
  signals: (w, h) => <path d={`M0 0 L${w * 0.5} ${h * 0.75} L${w * 0.5} ${h * 0.25} L${w} ${h}`} />,
  'special-forces': (w, h) => (
    <>
      <path d={`M0 ${h} L${w / 2} 0 L${w} ${h}`} />
      {line(w * 0.3, h * 0.6, w * 0.7, h * 0.6)}
    </>
  ),
  transport: (w, h) => (
    <>
      <circle cx={w / 2} cy={h / 2} r={h * 0.28} />
      {line(w * 0.2, h / 2, w * 0.8, h / 2)}
      {line(w / 2, h * 0.22, w / 2, h * 0.78)}
    </>
  ),
  hq: (w, h) => (
    <>
      {line(0, h * 0.5, w, h * 0.5)}
      <text x={w / 2} y={h * 0.42} class="sym-text">
        HQ
      </text>
    </>
  ),
  base: (w, h) => <rect x={w * 0.3} y={h * 0.25} width={w * 0.4} height={h * 0.5} class="fill" />,
  spaceport: (w, h) => (
    <path
      d={`M${w / 2} ${h * 0.1} L${w * 0.62} ${h * 0.85} L${w / 2} ${h * 0.65} L${w * 0.38} ${h * 0.85} Z`}
      class="fill"
    />
  ),
  airfield: (w, h) => (
    <path
      d={`M${w * 0.2} ${h * 0.3} Q${w / 2} ${h * 0.8} ${w * 0.8} ${h * 0.3} M${w * 0.2} ${h * 0.7} Q${w / 2} ${h * 0.2} ${w * 0.8} ${h * 0.7}`}
    />
  ),
  'task-force': (w, h) => (
    <>
      {line(0, 0, w, h)}
      {line(0, h, w, 0)}
      <rect x={w * 0.15} y={h * 0.25} width={w * 0.7} height={h * 0.5} rx={h * 0.25} />
    </>
  ),
};

/** True when there is a drawing for this symbol name. */
export const hasIcon = (symbol: string | null | undefined): symbol is string => !!symbol && symbol in ICONS;

/** The symbol in a w × h frame whose top left corner is at (x, y), in the caller's units. */
export function UnitSymbol({ symbol, x, y, w, h }: { symbol: string; x: number; y: number; w: number; h: number }) {
  return (
    <g class="nato" transform={`translate(${x} ${y})`} data-symbol={symbol} aria-hidden="true">
      <rect width={w} height={h} class="frame" />
      {ICONS[symbol](w, h)}
    </g>
  );
}
