// Wait histograms of one step, or of two (Compare: A and B in each bucket),
// drawn by the same builder the exports use (D3 scales, log counts).
import { useContext, useMemo } from 'react';
import { PROJECTOR_BACKGROUND, PROJECTOR_COLORS, PROJECTOR_SCALE, waitHistogramSvg, type HistSeries } from '../reports/waits';
import { ProjectorContext } from './projector';

export function WaitHistograms({ series, title, width, panelHeight }: {
  series: HistSeries[]; title: string; width?: number;
  /** Each event's panel height (else from the width, and larger on a projector). */
  panelHeight?: number;
}) {
  // On a slide: presenter mode's dark palette (light type on black) and its larger type.
  const projector = useContext(ProjectorContext);
  const has = series.some((s) => s.histograms.length > 0);
  const svg = useMemo(() => (has ? waitHistogramSvg(series, title, {
    width, panelHeight: panelHeight ?? (width && width < 600 ? 170 : 200) * (projector ? PROJECTOR_SCALE : 1),
    ...(projector ? { colors: PROJECTOR_COLORS, background: PROJECTOR_BACKGROUND, scale: PROJECTOR_SCALE } : {}),
  }).replace(/^<\?xml[^>]*>\s*/, '') : ''), [series, title, has, width, panelHeight, projector]);
  if (!has) return null;
  return (
    <div className="wait-histograms" role="img" aria-label={`Wait histograms: ${title}`} dangerouslySetInnerHTML={{ __html: svg }} />
  );
}
