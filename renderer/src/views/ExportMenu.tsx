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
  onExport(kind: ExportKind, side?: CompareSide): void; disabled: boolean; sweep?: boolean; waits?: boolean; devices?: boolean; compare?: boolean; why?: boolean;
}) {
  const [open, setOpen] = useState(false);
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
            const items = [...(wrap.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
            const i = items.indexOf(document.activeElement as HTMLElement);
            if (e.key === 'Escape') { setOpen(false); (wrap.current?.querySelector('button') as HTMLElement)?.focus(); }
            if (e.key === 'ArrowDown') { e.preventDefault(); items[(i + 1) % items.length]?.focus(); }
            if (e.key === 'ArrowUp') { e.preventDefault(); items[(i + items.length - 1) % items.length]?.focus(); }
          }}>
          {exportItems({ sweep, waits, devices, compare, why }).map((it) => (
            <button key={`${it.kind}${it.side ?? ''}`} role="menuitem" onClick={() => { setOpen(false); onExport(it.kind, it.side); }}>{it.label}</button>
          ))}
        </div>
      )}
    </div>
  );
}
