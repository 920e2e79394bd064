// Flame graph on a canvas: config space (weight units x depth) mapped to
// pixels by one transform; click zooms to a frame, the search dims frames
// that don't match, hover shows time and share of the total.
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { scaleLinear } from 'd3';
import type { FlameGraph } from '../model/flame';
import { diffIntensity, type DiffFlame } from '../model/flamediff';
import { fmtUs } from '../model/stats';
import { diffColor, frameColor } from '../reports/palette';
import { palette } from './colors';
import { FLAME_LABEL_PX, FLAME_PROJECTOR_SCALE, ProjectorContext } from './projector';
import { requestRedraw } from './scheduler';
import { cssZoom, devicePx } from './structurePainter';
import { useResizeRef } from './useResizeRef';

const ROW_PX = 20;
let uid = 0;

export function FlameCanvas({ graph, diff, search, label }: { graph: FlameGraph; diff?: DiffFlame; search: string; label: string }) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = useMemo(() => `flame-${++uid}`, []);
  const [width, setWidth] = useState(600);
  // The zoom root's node id (0 = everything), for the graph it was chosen in: a new graph shows everything.
  const [zoomed, setZoomed] = useState<{ graph: FlameGraph; id: number }>({ graph, id: 0 });
  const zoom = zoomed.graph === graph ? zoomed.id : 0;
  const setZoom = (id: number) => setZoomed({ graph, id });
  const [hover, setHover] = useState<{ id: number; x: number; y: number } | null>(null);
  // On a projector the rows and their labels are larger (the canvas's 11 px type at 18).
  const k = useContext(ProjectorContext) ? FLAME_PROJECTOR_SCALE : 1;
  const ROW = ROW_PX * k;
  const hits = useMemo(() => graph.search(search), [graph, search]);
  const matched = useMemo(() => (hits.size ? graph.matchedWeight(hits) : 0), [graph, hits]);

  const wrapRef = useResizeRef<HTMLDivElement>((el) => setWidth(Math.max(200, el.clientWidth)), wrap);

  const height = (graph.maxDepth + 1) * ROW + 8;
  const zoomNode = graph.nodes[zoom] ?? graph.nodes[0];
  const x = useMemo(() => scaleLinear().domain([zoomNode.x, zoomNode.x + (zoomNode.total || 1)]).range([0, width]), [zoomNode, width]);

  const draw = useCallback(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = devicePx(c);
    if (c.width !== Math.round(width * dpr) || c.height !== Math.round(height * dpr)) {
      c.width = Math.round(width * dpr); c.height = Math.round(height * dpr);
      c.style.width = `${width}px`; c.style.height = `${height}px`;
    }
    const ctx = c.getContext('2d')!;
    const P = palette(c);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.font = `${FLAME_LABEL_PX * k}px ${P.mono}`;
    const charW = ctx.measureText('M').width || 6.6;
    const searching = hits.size > 0 || search.trim().length > 0;
    const ancestors = new Set<number>();
    for (let a = zoom; a > 0; a = graph.nodes[a].parent) ancestors.add(a);
    for (let d = 0; d <= graph.maxDepth; d++) {
      const row = graph.rows[d];
      if (!row) continue;
      const y = d * ROW;
      for (const id of row) {
        const nd = graph.nodes[id];
        let x0 = x(nd.x), x1 = x(nd.x + nd.total);
        const isAnc = ancestors.has(id) && id !== zoom;
        if (isAnc) { x0 = 0; x1 = width; }
        if (x1 < 0 || x0 > width) continue;
        const w = x1 - x0;
        if (w < 0.6) continue;
        const name = graph.frames.names[nd.frame];
        const fill = diff ? diffColor(diffIntensity(diff, id), P.dark) : frameColor(name, P.dark);
        let dim = isAnc;
        if (searching && !hits.has(id)) dim = true;
        ctx.globalAlpha = dim ? 0.35 : 1;
        ctx.fillStyle = fill;
        ctx.fillRect(x0, y, Math.max(0.6, w - 1), ROW - 2);
        if (hover?.id === id) { ctx.globalAlpha = 1; ctx.strokeStyle = P.text; ctx.lineWidth = 1.5; ctx.strokeRect(x0 + 0.75, y + 0.75, w - 2.5, ROW - 3.5); }
        if (searching && hits.has(id)) { ctx.globalAlpha = 1; ctx.strokeStyle = P.accent; ctx.lineWidth = 2; ctx.strokeRect(x0 + 1, y + 1, w - 3, ROW - 4); }
        if (w > 3 * charW + 6) {
          const max = Math.floor((w - 6) / charW);
          const label = name.length > max ? `${name.slice(0, Math.max(1, max - 1))}…` : name;
          ctx.globalAlpha = dim ? 0.6 : 1;
          ctx.fillStyle = P.dark ? '#f1f3f6' : '#15181d';
          ctx.fillText(label, x0 + 3, y + 13.5 * k);
        }
      }
    }
    ctx.globalAlpha = 1;
  }, [graph, diff, x, width, height, hits, search, zoom, hover, k, ROW]);

  useEffect(() => { requestRedraw(key, draw); }, [draw, key]);

  const pick = (e: React.MouseEvent) => {
    const r = canvas.current!.getBoundingClientRect();
    // Window pixels to the canvas's CSS pixels (a slide is zoomed to the window).
    const cz = cssZoom(canvas.current);
    const px = (e.clientX - r.left) / cz, py = (e.clientY - r.top) / cz;
    const depth = Math.floor(py / ROW);
    // ancestors of the zoom root span the full width
    for (let a = zoom; a > 0; a = graph.nodes[a].parent) if (graph.nodes[a].depth === depth && a !== zoom) return a;
    return graph.hit(x.invert(px), depth);
  };

  const hv = hover ? graph.nodes[hover.id] : null;
  return (
    <div className="canvas-wrap" ref={wrapRef} style={{ overflowX: 'hidden' }}>
      <canvas ref={canvas} role="img" data-min-font={FLAME_LABEL_PX * k} aria-label={`${label}: ${graph.nodes.length - 1} frames, total ${fmtUs(graph.total)}. Click a frame to zoom; Escape resets.`}
        tabIndex={0}
        onMouseMove={(e) => { const id = pick(e); setHover(id > 0 ? { id, x: e.clientX, y: e.clientY } : null); }}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => { const id = pick(e); setZoom(id > 0 && id !== zoom ? id : 0); }}
        onKeyDown={(e) => { if (e.key === 'Escape') setZoom(0); }}
        style={{ cursor: hover ? 'pointer' : 'default' }} />
      <div className="flame-meta" style={{ position: 'absolute', right: 8, top: 4 + (graph.maxDepth + 1) * ROW, display: 'flex', gap: 12, alignItems: 'center', fontSize: 12 }}>
        {search.trim() && <span className="muted">{hits.size} frame{hits.size === 1 ? '' : 's'} match · {graph.total ? ((matched / graph.total) * 100).toFixed(1) : 0}% of total</span>}
        {zoom > 0 && <button className="btn small" onClick={() => setZoom(0)}>Reset zoom</button>}
      </div>
      {hv && hover && (
        <div className="tooltip" style={{ left: Math.min(hover.x + 14, window.innerWidth - 430), top: hover.y + 14 }}>
          <div className="t-title">{graph.name(hv.id)}</div>
          {diff ? (<>
            <div className="t-row"><span>A</span><span>{fmtUs(diff.a[hv.id])} ({pct(diff.a[hv.id], diff.totalA)})</span></div>
            <div className="t-row"><span>B</span><span>{fmtUs(diff.b[hv.id])} ({pct(diff.b[hv.id], diff.totalB)})</span></div>
            <div className="t-row"><span>change</span><span>{diff.b[hv.id] - diff.a[hv.id] >= 0 ? '+' : ''}{fmtUs(diff.b[hv.id] - diff.a[hv.id])}</span></div>
          </>) : (<>
            <div className="t-row"><span>time</span><span>{fmtUs(hv.total)} ({pct(hv.total, graph.total)} of total)</span></div>
            <div className="t-row"><span>self</span><span>{fmtUs(hv.self)}</span></div>
          </>)}
          <div className="muted" style={{ fontSize: 11, marginTop: 3 }}>{graph.path(hv.id).join(' › ')}</div>
        </div>
      )}
    </div>
  );
}

function pct(v: number, t: number) { return t ? `${((v / t) * 100).toFixed(1)}%` : '0%'; }
