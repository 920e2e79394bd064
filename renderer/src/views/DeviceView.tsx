// The device view of one step: each device the step used, drawn at the
// step's end (flash erase blocks, a disk's queue and write cache) by the
// SVG builder the exports can reuse, and its counters as a compact table
// (this step and the total).
import { useMemo, useState } from 'react';
import type { DeviceFigures } from '../model/types';
import { fmtNum } from '../model/stats';
import { devicesSvg, fmtBytes } from '../reports/devices';

function fmtCounter(name: string, v: number): string {
  if (/bytes/.test(name) && Math.abs(v) >= 1024) return fmtBytes(v);
  if (Number.isInteger(v)) return fmtNum(v);
  return v.toFixed(Math.abs(v) < 10 ? 2 : 0);
}

function CounterTable({ d }: { d: DeviceFigures }) {
  const [all, setAll] = useState(false);
  // Counters that moved in the step first; the rest (totals only) on request.
  const moved = d.counters.filter((c) => c.delta !== 0);
  const rows = all ? d.counters.filter((c) => c.total !== 0 || c.delta !== 0) : moved;
  const hidden = d.counters.filter((c) => c.total !== 0 || c.delta !== 0).length - moved.length;
  return (
    <>
      <table className="grid device-counters" aria-label={`Device counters ${d.name}`}>
        <thead><tr><th scope="col">{d.name} counter</th><th scope="col" className="num">This step</th><th scope="col" className="num">Total</th></tr></thead>
        <tbody>{rows.map((c) => (
          <tr key={c.name} className={c.delta === 0 ? 'muted' : undefined}>
            <td>{c.name}</td><td className="num">{c.delta === 0 ? '' : fmtCounter(c.name, c.delta)}</td><td className="num">{fmtCounter(c.name, c.total)}</td>
          </tr>
        ))}</tbody>
      </table>
      {hidden > 0 && (
        <button type="button" className="btn small" onClick={() => setAll(!all)}>{all ? 'Only what changed' : `${hidden} more (totals)`}</button>
      )}
    </>
  );
}

export function DeviceView({ devices, title, width = 440 }: { devices: DeviceFigures[]; title: string; width?: number }) {
  const svg = useMemo(() => devicesSvg(devices, title, { width }).replace(/^<\?xml[^>]*>\s*/, ''), [devices, title, width]);
  if (devices.length === 0) return null;
  return (
    <section className="section device-view" aria-label="Devices">
      <div className="device-svg" role="img" aria-label={`Devices: ${title}`} dangerouslySetInnerHTML={{ __html: svg }} />
      {devices.map((d) => <CounterTable key={d.name} d={d} />)}
    </section>
  );
}
