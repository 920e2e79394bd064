// Wait histograms of one step, or of two (Compare: A and B in each bucket),
// drawn by the same builder the exports use (D3 scales, log counts).
import { useMemo } from 'react';
import { PROJECTOR_BACKGROUND, PROJECTOR_COLORS, waitHistogramSvg, type HistSeries } from '../reports/waits';

export function WaitHistograms({ series, title, width, projector = false }: {
  series: HistSeries[]; title: string; width?: number;
  /** Drawn in presenter mode's dark palette (light type on black) instead of the page's. */
  projector?: boolean;
}) {
  const has = series.some((s) => s.histograms.length > 0);
  const svg = useMemo(() => (has ? waitHistogramSvg(series, title, {
    width, panelHeight: width && width < 600 ? 170 : 200,
    ...(projector ? { colors: PROJECTOR_COLORS, background: PROJECTOR_BACKGROUND } : {}),
  }).replace(/^<\?xml[^>]*>\s*/, '') : ''), [series, title, has, width, projector]);
  if (!has) return null;
  return (
    <div className="wait-histograms" role="img" aria-label={`Wait histograms: ${title}`} dangerouslySetInnerHTML={{ __html: svg }} />
  );
}
