import { useEffect, useRef, useState } from 'react';
import type { ReportKind } from '../host';

const ITEMS: { kind: ReportKind; label: string }[] = [
  { kind: 'structure', label: 'Structure picture (SVG)' },
  { kind: 'flame', label: 'Flame graph (SVG)' },
  { kind: 'stats', label: 'Statistics table (SVG)' },
  { kind: 'report', label: 'One-page report (SVG)' },
  { kind: 'sweep', label: 'Sweep curve (SVG)' },
  { kind: 'waits', label: 'Wait histograms (SVG)' },
  { kind: 'devices', label: 'Device view (SVG)' },
];

export function ExportMenu({ onExport, disabled, sweep = false, waits = false, devices = false }: { onExport(kind: ReportKind): void; disabled: boolean; sweep?: boolean; waits?: boolean; devices?: boolean }) {
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
      <button className="btn" aria-haspopup="menu" aria-expanded={open} disabled={disabled} onClick={() => setOpen((o) => !o)}>Export SVG ▾</button>
      {open && (
        <div className="menu" role="menu" aria-label="Export SVG"
          onKeyDown={(e) => {
            const items = [...(wrap.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
            const i = items.indexOf(document.activeElement as HTMLElement);
            if (e.key === 'Escape') { setOpen(false); (wrap.current?.querySelector('button') as HTMLElement)?.focus(); }
            if (e.key === 'ArrowDown') { e.preventDefault(); items[(i + 1) % items.length]?.focus(); }
            if (e.key === 'ArrowUp') { e.preventDefault(); items[(i + items.length - 1) % items.length]?.focus(); }
          }}>
          {ITEMS.filter((it) => (it.kind !== 'sweep' || sweep) && (it.kind !== 'waits' || waits) && (it.kind !== 'devices' || devices)).map((it) => (
            <button key={it.kind} role="menuitem" onClick={() => { setOpen(false); onExport(it.kind); }}>{it.label}</button>
          ))}
        </div>
      )}
    </div>
  );
}
