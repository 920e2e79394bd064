// A LAB SWEEP's curve: the figure picked against the swept value, drawn by
// the same builder the Export menu and `lio report` use (D3 scales).
import { useContext, useMemo } from 'react';
import type { SweepResult } from '../model/types';
import { SWEEP_METRICS } from '../model/sweep';
import { SWEEP_PROJECTOR, sweepSvg } from '../reports/sweep';
import { ProjectorContext } from './projector';

export function SweepChart({ sweep, metric, onMetric, title }: { sweep: SweepResult; metric: string; onMetric(id: string): void; title: string }) {
  // On a slide: the projector's dark palette, the type half as large again.
  const projector = useContext(ProjectorContext);
  const svg = useMemo(() => sweepSvg(sweep, metric, title, projector ? SWEEP_PROJECTOR : {}).replace(/^<\?xml[^>]*>\s*/, ''), [sweep, metric, title, projector]);
  return (
    <section className="section" aria-label="Sweep curve">
      <div className="pane-title" style={{ textTransform: 'none', letterSpacing: 0 }}>
        <h3 style={{ textTransform: 'uppercase', letterSpacing: '.6px' }}>What-if: {sweep.parameter}</h3>
        <span className="muted">{sweep.points.length} points · each a fresh instance replaying the scenario</span>
        <span className="spacer" />
        <select className="input" aria-label="Sweep figure" value={metric} onChange={(e) => onMetric(e.target.value)}>
          {SWEEP_METRICS.map((m) => <option key={m.id} value={m.id}>{m.label}</option>)}
        </select>
      </div>
      <div className="sweep-chart" role="img" aria-label={`Curve of ${SWEEP_METRICS.find((m) => m.id === metric)?.label ?? ''} against ${sweep.parameter}`}
        dangerouslySetInnerHTML={{ __html: svg }} />
    </section>
  );
}
