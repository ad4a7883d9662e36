import { planningMessages as m } from '#shared/planning-messages.js';
import type { Risk } from './plan-view.js';

/** 'Urgente' (red) or 'Pronto' (amber): the risk in words, so the colour is never the only sign. */
export function RiskBadge({ risk }: { risk: Risk }) {
  if (risk === null) return null;
  return <span className={`plan-badge plan-badge--${risk}`}>{risk === 'urgent' ? m.urgent : m.soon}</span>;
}
