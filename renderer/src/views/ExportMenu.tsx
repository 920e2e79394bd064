import { useEffect, useRef, useState } from 'react';
import type { ExportKind } from '../host';

/** Which side of the Compare view a structure picture is of. */
export type CompareSide = 'a' | 'b';

const ITEMS: { kind: ExportKind; label: string }[] = [
  { kind: 'structure', label: 'Structure picture (SVG)' },
  { kind: 'flame', label: 'Flame graph (SVG)' },
  { kind: 'stats', label: 'Statistics table (SVG)' },
  { kind: 'report', label: 'One-page report (SVG)' },
  { kind: 'sweep', label: 'Sweep curve (SVG)' },
  { kind: 'waits', label: 'Wait histograms (SVG)' },
  { kind: 'devices', label: 'Device view (SVG)' },
  { kind: 'why', label: 'Why this plan (SVG)' },
  { kind: 'speedscope', label: 'Run profile for speedscope (JSON)' },
  { kind: 'chrome-trace', label: 'Step timeline, Chrome trace events (JSON)' },
];

/** The menu's entries: in the Compare view a structure picture of each side (a step's own picture would be neither). */
export function exportItems({ sweep, waits, devices, compare, why = false }: { sweep: boolean; waits: boolean; devices: boolean; compare: boolean; why?: boolean }): { kind: ExportKind; label: string; side?: CompareSide }[] {
  return ITEMS.filter((it) => (it.kind !== 'sweep' || sweep) && (it.kind !== 'waits' || waits) && (it.kind !== 'devices' || devices) && (it.kind !== 'why' || why))
    .flatMap((it) => (it.kind === 'structure' && compare
      ? [{ kind: it.kind, label: 'Structure picture of A (SVG)', side: 'a' as const }, { kind: it.kind, label: 'Structure picture of B (SVG)', side: 'b' as const }]
      : [it]));
}

export function ExportMenu({ onExport, disabled, sweep = false, waits = false, devices = false, compare = false, why = false }: {
  /** `slide`: the picture laid out on a 16:9 slide (1920x1080, type 18 px and over), not the page picture. */
  onExport(kind: ExportKind, side?: CompareSide, slide?: boolean): void; disabled: boolean; sweep?: boolean; waits?: boolean; devices?: boolean; compare?: boolean; why?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // The pictures as 16:9 slides (kept while the app runs: a trainer exports a deck's worth in a row).
  const [slide, setSlide] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    wrap.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    const close = (e: MouseEvent) => { if (!wrap.current?.contains(e.target as Node)) setOpen(false); };
    window.addEventListener('mousedown', close);
    return () => window.removeEventListener('mousedown', close);
  }, [open]);
  return (
    <div className="rel" ref={wrap}>
      <button className="btn" aria-haspopup="menu" aria-expanded={open} disabled={disabled} onClick={() => setOpen((o) => !o)}>Export ▾</button>
      {open && (
        <div className="menu" role="menu" aria-label="Export"
          onKeyDown={(e) => {
            const items = [...(wrap.current?.querySelectorAll<HTMLElement>('[role^=menuitem]') ?? [])];
            const i = items.indexOf(document.activeElement as HTMLElement);
            if (e.key === 'Escape') { setOpen(false); (wrap.current?.querySelector('button') as HTMLElement)?.focus(); }
            if (e.key === 'ArrowDown') { e.preventDefault(); items[(i + 1) % items.length]?.focus(); }
            if (e.key === 'ArrowUp') { e.preventDefault(); items[(i + items.length - 1) % items.length]?.focus(); }
          }}>
          <button role="menuitemcheckbox" aria-checked={slide} onClick={() => setSlide((v) => !v)}
            title="The pictures (not the JSON profiles) laid out on a 16:9 slide, 1920x1080, their type 18 px and over">
            {slide ? '☑' : '☐'} As 16:9 slides (1920x1080)</button>
          {exportItems({ sweep, waits, devices, compare, why }).map((it) => (
            <button key={`${it.kind}${it.side ?? ''}`} role="menuitem" onClick={() => { setOpen(false); onExport(it.kind, it.side, slide); }}>
              {slide && it.kind !== 'speedscope' && it.kind !== 'chrome-trace' ? it.label.replace('(SVG)', '(16:9 slide SVG)') : it.label}</button>
          ))}
        </div>
      )}
    </div>
  );
}
