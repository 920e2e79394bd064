// The device view of one step: each device the step used, drawn at the
// step's end (flash erase blocks, a disk's queue and write cache) by the
// SVG builder the exports can reuse, and its counters as a compact table
// (this step and the total). The structure view's playback draws it at the
// playhead's frame (model/deviceFrames.ts), without the tables.
import { useMemo, useState } from 'react';
import { useResizeRef } from './useResizeRef';
import type { DeviceFigures } from '../model/types';
import type { DeviceAt } from '../model/deviceFrames';
import { devicesSvg, fmtCounter } from '../reports/devices';

export { fmtCounter };

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
            <td>{c.name}</td><td className="num">{c.delta === 0 ? '' : fmtCounter(c.name, c.delta, true)}</td><td className="num">{fmtCounter(c.name, c.total)}</td>
          </tr>
        ))}</tbody>
      </table>
      {hidden > 0 && (
        <button type="button" className="btn small" onClick={() => setAll(!all)}>{all ? 'Only what changed' : `${hidden} more (totals)`}</button>
      )}
    </>
  );
}

export function DeviceView({ devices, title, width = 440, counters = true, label = 'Devices' }: {
  devices: DeviceAt[]; title: string; width?: number;
  /** The counter tables under the picture (the end-of-step view). */
  counters?: boolean;
  label?: string;
}) {
  // Drawn at the column's width (text at its size, not scaled down), 300-760 px.
  // The box is not rendered while there are no devices: watched from when it appears.
  const [w, setW] = useState(width);
  const box = useResizeRef<HTMLDivElement>((el) => {
    // The SVG adds 12 px each side; the box pads 10 px each side.
    const inner = Math.round(el.clientWidth - 20 - 24);
    if (inner > 0) setW(Math.max(300, Math.min(760, inner)));
  });
  const svg = useMemo(() => devicesSvg(devices, title, { width: w }).replace(/^<\?xml[^>]*>\s*/, ''), [devices, title, w]);
  if (devices.length === 0) return null;
  return (
    <section className="section device-view" aria-label={label}>
      <div className="device-svg" ref={box} role="img" aria-label={`Devices: ${title}`} dangerouslySetInnerHTML={{ __html: svg }} />
      {counters && devices.map((d) => <CounterTable key={d.name} d={d} />)}
    </section>
  );
}
