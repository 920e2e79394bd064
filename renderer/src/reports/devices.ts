// The device view -> SVG: what a step left on each device it used. A flash
// device (SSD, PCIe flash, a cell's flash) is a grid of erase blocks, each a
// bar of valid (solid), invalid (hatched) and free (empty) pages, with the
// write frontier outlined and GC in the caption; a disk is its request
// queue (depth, max) and its controller's write cache (dirty bytes).
import type { DeviceFigures, FlashSnapshot, QueueSnapshot } from '../model/types';
import type { DeviceAt, LiveFrame } from '../model/deviceFrames';
import { deviceType } from '../engine/deviceTypes.gen';
import { fmtNum, fmtSigned, fmtUs } from '../model/stats';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text, textWidth, truncate, wrapWords } from './svg';
import type { Fragment } from './flame';

export const DEVICE_COLORS = {
  valid: '#1f6feb',
  invalid: '#d7301f',
  invalidBg: '#fbe3df',
  free: '#ffffff',
  frame: '#9aa5b4',
  open: '#1d2433',
  erased: '#d7301f',
  queue: '#e09a24',
  dirty: '#8e5fd0',
};

/** Bytes in words: 512 B, 4.0 KB, 1.2 MB, 3.4 GB (powers of 1,024; `decimal`: of 1,000, as disk sizes). */
export function fmtBytes(b: number, decimal = false): string {
  const k = decimal ? 1000 : 1024;
  if (Math.abs(b) < k) return `${fmtNum(Math.round(b))} B`;
  const u = [decimal ? 'kB' : 'KB', 'MB', 'GB', 'TB'];
  let v = b / k, i = 0;
  while (Math.abs(v) >= k && i < u.length - 1) { v /= k; i++; }
  return `${v < 10 ? v.toFixed(1) : fmtNum(Math.round(v))} ${u[i]}`;
}

/** A counter's value in its unit: bytes, microseconds, a ratio or a count (`signed`: a change). */
export function fmtCounter(name: string, v: number, signed = false): string {
  const sign = signed && v > 0 ? '+' : '';
  if (/bytes/.test(name) && Math.abs(v) >= 1024) return sign + fmtBytes(v);
  if (/_us$/.test(name)) return sign + fmtUs(v);
  if (Number.isInteger(v) || Math.abs(v) >= 100) return signed ? fmtSigned(Math.round(v)) : fmtNum(Math.round(v));
  return sign + v.toFixed(2);
}

/** The grid's shape for `cells` blocks across `width`: columns, cell width and height. */
export function gridShape(cells: number, width: number): { cols: number; rows: number; cw: number; ch: number } {
  // Wide cells while they fit in a few rows; at most 64 columns (cells >= ~6 px at 440 px).
  const cols = Math.max(1, Math.min(cells, cells <= 64 ? 16 : cells <= 256 ? 32 : 64));
  const cw = width / cols;
  // Shorter bars when there are many (a mostly idle flash should not fill the panel).
  const ch = Math.max(cells > 256 ? 9 : 14, Math.min(30, cw * 1.5));
  return { cols, rows: Math.ceil(cells / cols), cw, ch };
}

const C = REPORT_COLORS;

/** Split a caption at its ' · ' separators into lines that fit `width` (a part too long alone is cut). */
export function wrapParts(s: string, width: number, size = 12): string[] {
  const out: string[] = [];
  for (const part of s.split(' · ')) {
    const last = out.length - 1;
    if (last >= 0 && textWidth(`${out[last]} · ${part}`, size) <= width) out[last] = `${out[last]} · ${part}`;
    else out.push(truncate(part, width, size));
  }
  return out;
}

/** A caption at `y`, wrapped: returns the SVG and the height used (16 px a line). */
function lines(y: number, s: string, width: number, attrs: string, size = 12): [string, number] {
  const ls = wrapParts(s, width, size);
  return [ls.map((l, i) => text(0, y + 16 * i, l, `font-size="${size}" ${attrs}`)).join(''), 16 * ls.length];
}
const caption = (x: number, y: number, s: string, width: number) =>
  text(x, y, truncate(s, width, 11.5), `font-size="11.5" fill="${C.muted}"`);

function legendItem(x: number, y: number, swatch: string, label: string): [string, number] {
  return [`${swatch}${text(x + 16, y + 10, label, `font-size="11.5" fill="${C.text}"`)}`, 16 + label.length * 6.3 + 14];
}

/** A flash device's erase blocks, legend and GC caption. `hatch`: the id of the invalid-page pattern; `live`: the frame shown during playback. */
export function flashFragment(f: FlashSnapshot, width: number, hatch: string, delta: Record<string, number> = {}, live?: LiveFrame): Fragment {
  const parts: string[] = [];
  let y = 0;
  // Legend.
  const D = DEVICE_COLORS;
  let lx = 0;
  const swatches: [(x: number) => string, string][] = [
    [(x) => `<rect x="${n(x)}" y="${y}" width="11" height="11" fill="${D.valid}"/>`, 'valid'],
    [(x) => `<rect x="${n(x)}" y="${y}" width="11" height="11" fill="url(#${hatch})" stroke="${D.invalid}" stroke-width="0.5"/>`, 'invalid'],
    [(x) => `<rect x="${n(x + 0.5)}" y="${y + 0.5}" width="10" height="10" fill="${D.free}" stroke="${D.frame}"/>`, 'free (erased)'],
    [(x) => `<rect x="${n(x + 1)}" y="${y + 1}" width="9" height="9" fill="none" stroke="${D.open}" stroke-width="2"/>`, 'write frontier'],
  ];
  if (live) swatches.push([(x) => `<rect x="${n(x + 1)}" y="${y + 1}" width="9" height="9" fill="none" stroke="${D.erased}" stroke-width="2" stroke-dasharray="3 1.5"/>`, 'erased by GC']);
  for (const [swatch, label] of swatches) {
    // A legend too wide for the column continues on a second line.
    if (lx > 0 && lx + 16 + textWidth(label, 11.5) > width) { lx = 0; y += 16; }
    const [s, w] = legendItem(lx, y, swatch(lx), label);
    parts.push(`<g class="legend">${s}</g>`);
    lx += w;
  }
  y += 20;
  // The grid: each cell a bar filled from the bottom, valid then invalid, free on top.
  const cells = f.blocks.length;
  const { cols, rows, cw, ch } = gridShape(cells, width);
  const gap = cw >= 8 ? 1.5 : 1;
  const cap = f.pages_per_block * f.group;
  const erased = new Set(live?.erased ?? []);
  f.blocks.forEach((b, i) => {
    const [valid, invalid, free] = b;
    const total = Math.max(1, valid + invalid + free, cap);
    const x = (i % cols) * cw, top = y + Math.floor(i / cols) * ch;
    const w = Math.max(1, cw - gap), h = ch - gap;
    const hv = (h * valid) / total, hi = (h * invalid) / total;
    const first = i * f.group;
    const name = f.group > 1 ? `erase blocks ${first}-${Math.min(f.erase_blocks, first + f.group) - 1}` : `erase block ${first}`;
    const gone = erased.has(i);
    let g = `<g class="eblock" data-i="${i}" data-valid="${valid}" data-invalid="${invalid}" data-free="${free}"${gone ? ' data-erased="1"' : ''}><title>${esc(`${name}: ${fmtNum(valid)} valid, ${fmtNum(invalid)} invalid, ${fmtNum(free)} free pages${f.open === i ? ' (write frontier)' : ''}${gone ? ' (erased by GC since the previous frame)' : ''}`)}</title>`;
    g += `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="${D.free}" stroke="${D.frame}" stroke-width="0.5"/>`;
    if (valid > 0) g += `<rect x="${n(x)}" y="${n(top + h - hv)}" width="${n(w)}" height="${n(hv)}" fill="${D.valid}"/>`;
    if (invalid > 0) g += `<rect x="${n(x)}" y="${n(top + h - hv - hi)}" width="${n(w)}" height="${n(hi)}" fill="url(#${hatch})"/>`;
    if (f.open === i) g += `<rect x="${n(x + 0.75)}" y="${n(top + 0.75)}" width="${n(Math.max(0.5, w - 1.5))}" height="${n(h - 1.5)}" fill="none" stroke="${D.open}" stroke-width="1.5"/>`;
    else if (gone) g += `<rect x="${n(x + 0.75)}" y="${n(top + 0.75)}" width="${n(Math.max(0.5, w - 1.5))}" height="${n(h - 1.5)}" fill="none" stroke="${D.erased}" stroke-width="1.5" stroke-dasharray="3 1.5"/>`;
    parts.push(`${g}</g>`);
  });
  y += rows * ch + 16;
  const pages = f.valid_pages + f.invalid_pages + f.free_pages;
  const pct = (v: number) => (pages > 0 ? `${Math.round((100 * v) / pages)}%` : '0%');
  const blocksLine = f.group > 1
    ? `${fmtNum(f.erase_blocks)} erase blocks of ${fmtNum(f.pages_per_block)} pages · shown ${fmtNum(f.group)} to a cell (${fmtNum(cells)} cells)`
    : `${fmtNum(f.erase_blocks)} erase blocks of ${fmtNum(f.pages_per_block)} pages`;
  const put = (s: string, attrs: string, size = 12) => {
    const [svg, h] = lines(y, s, width, attrs, size);
    parts.push(svg);
    y += h;
  };
  put(blocksLine, `fill="${C.muted}"`, 11.5);
  put(`pages: ${fmtNum(f.valid_pages)} valid (${pct(f.valid_pages)}) · ${fmtNum(f.invalid_pages)} invalid (${pct(f.invalid_pages)}) · ${fmtNum(f.free_pages)} free (${pct(f.free_pages)})`, `fill="${C.text}"`);
  const de = delta.erases ?? 0;
  const gcLine = live
    ? (live.gc.erases > 0
      ? `GC now: ${fmtNum(live.gc.erases)} erase${live.gc.erases === 1 ? '' : 's'} since the previous frame · ${fmtNum(live.gc.background)} background, ${fmtNum(live.gc.foreground)} foreground`
      : `no GC since the previous frame · ${fmtNum(live.gcStep.erases)} erase${live.gcStep.erases === 1 ? '' : 's'} so far in this step`)
    : de > 0
    ? `GC in this step: ${fmtNum(de)} erase${de === 1 ? '' : 's'} · ${fmtNum(delta.gc_background ?? 0)} background, ${fmtNum(delta.gc_foreground ?? 0)} foreground`
    : `no GC in this step · so far ${fmtNum(f.gc_background)} background, ${fmtNum(f.gc_foreground)} foreground`;
  const hot = live ? live.gc.erases > 0 : de > 0;
  put(gcLine, `class="gc" fill="${hot ? DEVICE_COLORS.invalid : C.text}"${hot ? ' font-weight="600"' : ''}`);
  if (live) { if (f.erases > 0) put(`device so far: ${fmtNum(f.erases)} erase${f.erases === 1 ? '' : 's'}, ${fmtNum(f.gc_pages_moved)} valid page${f.gc_pages_moved === 1 ? '' : 's'} moved by GC (${fmtNum(live.gcStep.moved)} in this step)`, `fill="${C.muted}"`, 11.5); }
  else put(`${f.write_amplification > 0 ? `write amplification ${f.write_amplification.toFixed(2)}` : 'no page written yet'} · so far ${fmtNum(f.erases)} erases, ${fmtNum(f.gc_pages_moved)} pages moved`, `fill="${C.muted}"`, 11.5);
  y -= 8;
  return { width, height: y, body: parts.join('\n') };
}

/** One labelled horizontal gauge: `value` of `max`, an optional high-water mark. */
function gauge(y: number, width: number, label: string, value: number, max: number, color: string, mark?: number): string {
  const x0 = 0, w = width, h = 14;
  const parts = [text(x0, y + 11, label, `font-size="12" fill="${C.text}"`)];
  const by = y + 16;
  parts.push(`<rect x="${x0}" y="${by}" width="${n(w)}" height="${h}" fill="${C.panel}" stroke="${C.border}"/>`);
  const f = max > 0 ? Math.min(1, value / max) : 0;
  if (f > 0) parts.push(`<rect x="${x0}" y="${by}" width="${n(w * f)}" height="${h}" fill="${color}"/>`);
  if (mark !== undefined && max > 0) {
    const mx = x0 + w * Math.min(1, mark / max);
    parts.push(`<line x1="${n(mx)}" y1="${by - 3}" x2="${n(mx)}" y2="${by + h + 3}" stroke="${C.text}" stroke-width="2"/>`);
  }
  return parts.join('');
}

/** A disk's queue gauge (depth now, max as a mark) and its write cache; `live`: at a playback frame. */
export function queueFragment(q: QueueSnapshot, width: number, live?: LiveFrame): Fragment {
  const parts: string[] = [];
  let y = 0;
  // Playing: scaled to the deepest queue among the step's frames (the device's all-time max may be far larger).
  const top = live ? live.queueMax : q.max_queue_depth;
  const scale = Math.max(4, top);
  parts.push(`<g class="queue" data-depth="${q.queue_depth}" data-max="${q.max_queue_depth}">` +
    gauge(y, width, live
      ? `request queue: ${fmtNum(q.queue_depth)} in flight at +${fmtUs(live.rel_us)} (deepest sampled: ${fmtNum(top)})`
      : `request queue: ${fmtNum(q.queue_depth)} in the device at its last request (max ${fmtNum(q.max_queue_depth)})`, q.queue_depth, scale, DEVICE_COLORS.queue, top) + '</g>');
  y += 34;
  parts.push(text(0, y + 10, '0', `font-size="10.5" fill="${C.muted}"`), text(width, y + 10, fmtNum(scale), `text-anchor="end" font-size="10.5" fill="${C.muted}"`));
  y += 20;
  if (q.write_cache_bytes > 0) {
    parts.push(`<g class="write-cache" data-dirty="${q.dirty_bytes}">` +
      gauge(y, width, `write cache: ${fmtBytes(q.dirty_bytes, true)} dirty of ${fmtBytes(q.write_cache_bytes, true)} (not yet on the platter)`, q.dirty_bytes, q.write_cache_bytes, DEVICE_COLORS.dirty) + '</g>');
    y += 36;
  } else {
    parts.push(caption(0, y + 10, 'no controller write cache: writes wait for the platter', width));
    y += 16;
  }
  return { width, height: y, body: parts.join('\n') };
}

/** A cell's disks: one small bar per disk (queue depth now, max marked), and under it each disk's controller write cache (dirty of its size). */
function disksFragment(disks: QueueSnapshot[], width: number): Fragment {
  const parts: string[] = [];
  const max = Math.max(1, ...disks.map((d) => d.max_queue_depth));
  const top = Math.max(...disks.map((d) => d.queue_depth));
  parts.push(text(0, 11, truncate(`${disks.length} disks: queue depth now up to ${fmtNum(top)}, max ${fmtNum(max)}`, width, 12), `font-size="12" fill="${C.text}"`));
  const bw = Math.min(28, width / Math.max(1, disks.length));
  const h = 30, y = 18;
  const cached = disks.some((d) => d.write_cache_bytes > 0);
  const cy = y + h + 4, ch = 7;
  disks.forEach((d, i) => {
    const x = i * bw, hh = (h * d.queue_depth) / max, mh = (h * d.max_queue_depth) / max;
    const fill = d.write_cache_bytes > 0 ? Math.min(1, d.dirty_bytes / d.write_cache_bytes) : 0;
    const tip = `disk ${i}: queue ${d.queue_depth}, max ${d.max_queue_depth}` +
      (d.write_cache_bytes > 0 ? `; write cache ${fmtBytes(d.dirty_bytes, true)} dirty of ${fmtBytes(d.write_cache_bytes, true)}` : '');
    parts.push(`<g class="disk" data-depth="${d.queue_depth}" data-max="${d.max_queue_depth}" data-dirty="${d.dirty_bytes}"><title>${esc(tip)}</title>` +
      `<rect x="${n(x)}" y="${y}" width="${n(bw - 2)}" height="${h}" fill="${C.panel}" stroke="${C.border}"/>` +
      (hh > 0 ? `<rect x="${n(x)}" y="${n(y + h - hh)}" width="${n(bw - 2)}" height="${n(hh)}" fill="${DEVICE_COLORS.queue}"/>` : '') +
      `<line x1="${n(x)}" y1="${n(y + h - mh)}" x2="${n(x + bw - 2)}" y2="${n(y + h - mh)}" stroke="${C.text}" stroke-width="1.5"/>` +
      (cached ? `<rect x="${n(x)}" y="${cy}" width="${n(bw - 2)}" height="${ch}" fill="${C.panel}" stroke="${C.border}" stroke-width="0.5"/>` +
        (fill > 0 ? `<rect x="${n(x)}" y="${cy}" width="${n((bw - 2) * fill)}" height="${ch}" fill="${DEVICE_COLORS.dirty}"/>` : '') : '') + '</g>');
  });
  if (!cached) return { width, height: y + h + 6, body: parts.join('\n') };
  // The caches together: how full, and how many are (nearly) full: writes behind a full cache wait for the platter.
  const dirty = disks.reduce((a, d) => a + d.dirty_bytes, 0), size = disks.reduce((a, d) => a + d.write_cache_bytes, 0);
  const full = disks.filter((d) => d.write_cache_bytes > 0 && d.dirty_bytes >= 0.9 * d.write_cache_bytes).length;
  const line = `write caches: ${fmtBytes(dirty, true)} dirty of ${fmtBytes(size, true)}` + (full > 0 ? ` · ${fmtNum(full)} of ${fmtNum(disks.length)} disks 90% full or more` : '');
  parts.push(`<g class="disk-caches" data-dirty="${dirty}" data-full="${full}">${text(0, cy + ch + 15, truncate(line, width, 11.5), `font-size="11.5" fill="${full > 0 ? DEVICE_COLORS.dirty : C.muted}"${full > 0 ? ' font-weight="600"' : ''}`)}</g>`);
  return { width, height: cy + ch + 21, body: parts.join('\n') };
}

/** The hatch pattern of invalid pages (one per document). */
export function hatchDefs(id: string): string {
  const D = DEVICE_COLORS;
  return `<defs><pattern id="${id}" patternUnits="userSpaceOnUse" width="4" height="4" patternTransform="rotate(45)">` +
    `<rect width="4" height="4" fill="${D.invalidBg}"/><line x1="0" y1="0" x2="0" y2="4" stroke="${D.invalid}" stroke-width="1.6"/></pattern></defs>`;
}

/** One device's panel: name, kind, and what its kind shows. */
export function deviceFragment(d: DeviceAt, width: number, hatch: string): Fragment {
  const parts: string[] = [];
  const delta: Record<string, number> = {};
  for (const c of d.counters) delta[c.name] = c.delta;
  parts.push(text(0, 14, d.name, `font-size="14" font-weight="600" fill="${C.text}"`));
  const live = d.live;
  const reads = delta['physical read total IO requests'] ?? 0, writes = delta['physical write total IO requests'] ?? 0;
  const kind = deviceType(d.kind);
  const label = kind?.label ?? d.kind;
  const head = live
    ? `${label} · so far ${fmtNum(live.reads)} reads, ${fmtNum(live.writes)} writes`
    : `${label} · this step ${fmtNum(reads)} reads, ${fmtNum(writes)} writes`;
  parts.push(text(width, 14, truncate(head, width - 8 * d.name.length - 20, 11.5),
    `text-anchor="end" font-size="11.5" fill="${C.muted}"`));
  let y = 26;
  const add = (f: Fragment) => {
    parts.push(`<g transform="translate(0 ${n(y)})">${f.body}</g>`);
    y += f.height + 10;
  };
  const s = d.snapshot;
  if (s.flash) {
    // A device whose flash is one of its parts (a cell): headed "flash", and its counters are not the flash's.
    const part = kind?.flashPart === true;
    if (part) { parts.push(text(0, y + 10, 'flash', `font-size="12" font-weight="600" fill="${C.text}"`)); y += 18; }
    add(flashFragment(s.flash, width, hatch, part ? {} : delta, live));
  }
  if (s.queue) add(queueFragment(s.queue, width, live));
  if (s.disks && s.disks.length) add(disksFragment(s.disks, width));
  // A cell's flash cache and smart flash logging in the step, under CellCLI's metric names where it has them.
  const put = (line: string, cls: string) => {
    const [svg, h] = lines(y + 11, line, width, `class="${cls}" fill="${C.text}"`, 11.5);
    parts.push(svg);
    y += h + 6;
  };
  const some = (xs: [string, string, number][]) => xs.filter(([, , v]) => v > 0).map(([one, many, v]) => `${fmtNum(v)} ${v === 1 ? one : many}`);
  const fc = some([['read hit', 'read hits', delta.flash_cache_read_hits ?? 0], ['read miss', 'read misses', delta.flash_cache_read_misses ?? 0],
    ['block written back', 'blocks written back', delta.flash_cache_writeback_blocks ?? 0], ['destaged', 'destaged', delta.flash_cache_destaged_blocks ?? 0]]);
  // Written back but not yet destaged: a level at the step's end, not a delta.
  const dirty = d.counters.find((c) => c.name === 'flash_cache_dirty_blocks')?.total ?? 0;
  if (dirty > 0) fc.push(`${fmtNum(dirty)} still dirty in flash when the step ended`);
  if (fc.length) put(`flash cache in this step: ${fc.join(' · ')}`, 'flash-cache');
  const ff = delta.FL_FLASH_FIRST ?? 0, df = delta.FL_DISK_FIRST ?? 0, skipped = delta.flash_log_skipped ?? 0, po = delta.FL_PREVENTED_OUTLIERS ?? 0;
  if (ff + df > 0) {
    put(`smart flash logging in this step: FL_FLASH_FIRST ${fmtNum(ff)} · FL_DISK_FIRST ${fmtNum(df)}${skipped ? ` (${fmtNum(skipped)} with the flash log busy)` : ''}` +
      ` · FL_PREVENTED_OUTLIERS ${fmtNum(po)}`, 'flash-log');
  }
  if (!s.flash && !s.queue && !(s.disks && s.disks.length)) {
    parts.push(caption(0, y + 10, 'no state to draw for this device type', width));
    y += 20;
  }
  return { width, height: y, body: parts.join('\n') };
}

/** A device's counters that moved in the step (this step and the total), as the Autotrace tab's table; at most `max` rows. */
export function countersFragment(d: DeviceFigures, width: number, max = 24): Fragment {
  const ROW = 17;
  const parts: string[] = [];
  const moved = d.counters.filter((c) => c.delta !== 0);
  const xs = [width - 96, width];
  let y = 14;
  parts.push(text(0, y, `${d.name} counters`, `font-size="12" font-weight="600" fill="${C.text}"`));
  parts.push(text(xs[0], y, 'this step', `text-anchor="end" font-size="11" fill="${C.muted}"`), text(xs[1], y, 'total', `text-anchor="end" font-size="11" fill="${C.muted}"`));
  y += 5;
  parts.push(`<line x1="0" y1="${y}" x2="${n(width)}" y2="${y}" stroke="${C.border}"/>`);
  const mono = `font-family="${esc(MONO)}" font-size="11"`;
  moved.slice(0, max).forEach((c, i) => {
    if (i % 2 === 1) parts.push(`<rect x="0" y="${n(y + 1)}" width="${n(width)}" height="${ROW}" fill="${C.panel}"/>`);
    y += ROW;
    parts.push(`<g class="counter" data-name="${esc(c.name)}">` + text(4, y - 4, truncate(c.name, xs[0] - 110, 11.5), `font-size="11.5" fill="${C.text}"`) +
      text(xs[0], y - 4, fmtCounter(c.name, c.delta, true), `text-anchor="end" ${mono} fill="${C.text}"`) +
      text(xs[1] - 2, y - 4, fmtCounter(c.name, c.total), `text-anchor="end" ${mono} fill="${C.muted}"`) + '</g>');
  });
  if (moved.length === 0) { y += ROW; parts.push(text(4, y - 4, 'no counter moved in this step', `font-size="11.5" fill="${C.muted}"`)); }
  if (moved.length > max) { y += ROW; parts.push(text(4, y - 4, `${fmtNum(moved.length - max)} more`, `font-size="11.5" fill="${C.muted}"`)); }
  return { width, height: y + 4, body: parts.join('\n') };
}

/** One device's panel in its group: name, kind and (during playback) the frame, for tests and tools; placed at `at`. */
function deviceGroup(d: DeviceAt, body: string, at?: [number, number]): string {
  const live = d.live ? ` data-frame="${d.live.frame}" data-t="${n(d.live.rel_us)}"` : '';
  const place = at ? ` transform="translate(${n(at[0])} ${n(at[1])})"` : '';
  return `<g class="device" data-name="${esc(d.name)}" data-kind="${esc(d.kind)}"${live}${place}>${body}</g>`;
}

/** The devices of one step, one panel under the other. */
export function devicesFragment(devices: DeviceAt[], width = 440, hatch = 'lio-invalid-pages'): Fragment {
  if (devices.length === 0) return { width, height: 28, body: text(0, 16, 'No device I/O in this step.', `fill="${C.muted}"`) };
  const parts: string[] = [hatchDefs(hatch)];
  let y = 0;
  devices.forEach((d, i) => {
    const f = deviceFragment(d, width, hatch);
    if (i > 0) { parts.push(`<line x1="0" y1="${n(y - 6)}" x2="${n(width)}" y2="${n(y - 6)}" stroke="${C.border}"/>`); }
    parts.push(deviceGroup(d, f.body, [0, y]));
    y += f.height + 14;
  });
  return { width, height: y - 14, body: parts.join('\n') };
}

/**
 * The devices side by side in `cols` columns, each device under the
 * shortest column so far (a disk's short panel does not leave a hole next
 * to a flash grid); exports: a flash device next to a disk reads as one
 * picture, and a wide picture fits a slide better than a tall one.
 */
export function devicesGridFragment(devices: DeviceAt[], width: number, cols: number, hatch = 'lio-invalid-pages', gap = 32): Fragment {
  const k = Math.max(1, Math.min(cols, devices.length));
  if (devices.length === 1 && cols > 1) {
    // One device: its panel, and its counters in the other column.
    const cw = (width - gap) / 2;
    const d = devices[0];
    const f = deviceFragment(d, cw, hatch);
    const t = countersFragment(d, cw);
    const h = Math.max(f.height, t.height);
    return {
      width, height: h,
      body: [hatchDefs(hatch), deviceGroup(d, f.body),
        `<line x1="${n(cw + gap / 2)}" y1="0" x2="${n(cw + gap / 2)}" y2="${n(h)}" stroke="${C.border}"/>`,
        `<g class="device-counters" transform="translate(${n(cw + gap)} 0)">${t.body}</g>`].join('\n'),
    };
  }
  if (devices.length === 0 || k === 1) return devicesFragment(devices, width, hatch);
  const cw = (width - gap * (k - 1)) / k;
  const parts: string[] = [hatchDefs(hatch)];
  const tops = new Array<number>(k).fill(0);
  const vspace = 20;
  for (const d of devices) {
    const f = deviceFragment(d, cw, hatch);
    // The shortest column (the leftmost of equals).
    const j = tops.indexOf(Math.min(...tops));
    const x = j * (cw + gap), y = tops[j];
    if (y > 0) parts.push(`<line x1="${n(x)}" y1="${n(y - vspace / 2)}" x2="${n(x + cw)}" y2="${n(y - vspace / 2)}" stroke="${C.border}"/>`);
    parts.push(deviceGroup(d, f.body, [x, y]));
    tops[j] = y + f.height + vspace;
  }
  const height = Math.max(...tops) - vspace;
  // A rule between the columns, as tall as the picture.
  for (let j = 1; j < k; j++) {
    const x = j * (cw + gap) - gap / 2;
    parts.push(`<line x1="${n(x)}" y1="0" x2="${n(x)}" y2="${n(height)}" stroke="${C.border}"/>`);
  }
  return { width, height, body: parts.join('\n') };
}


/** When the devices are drawn: at the trace playback's frame (the first device with one), else the step's end. */
export function devicesWhen(devices: DeviceAt[]): string {
  const live = devices.find((d) => d.live)?.live;
  return live
    ? `at +${fmtUs(live.rel_us)} into the trace (playback position; frame ${fmtNum(live.frame + 1)} of ${fmtNum(live.frames)})`
    : 'at the end of the step';
}

export function devicesSvg(devices: DeviceAt[], title: string, opts: { width?: number; hatch?: string; cols?: number; heading?: [string, string] } = {}): string {
  const f = devicesGridFragment(devices, opts.width ?? 440, opts.cols ?? 1, opts.hatch);
  const pad = 12;
  const live = devices.some((d) => d.live);
  // Exports carry a heading (what and when); the app's panel has its own.
  // The statement on up to three lines (a longer one is cut on the third).
  const titleLines = opts.heading ? wrapWords(opts.heading[0], f.width, 15 * 1.08, 3) : [];
  const dy = 19 * Math.max(0, titleLines.length - 1);
  const head = opts.heading
    ? titleLines.map((l, i) => text(0, 15 + 19 * i, l, `font-size="15" font-weight="700" fill="${C.text}"`)).join('') +
      text(0, 34 + dy, truncate(opts.heading[1], f.width, 12), `font-size="12" fill="${C.muted}"`) +
      `<line x1="0" y1="${44 + dy}" x2="${n(f.width)}" y2="${44 + dy}" stroke="${C.border}"/>`
    : '';
  const top = opts.heading ? 58 + dy : 0;
  return svgDocument(f.width + 2 * pad, f.height + top + 2 * pad, title,
    `${head ? `<g transform="translate(${pad} ${pad})">${head}</g>\n` : ''}<g transform="translate(${pad} ${pad + top})">\n${f.body}\n</g>\n`,
    live ? 'LIO Lab device view: each device the step used, at the trace playback\'s time (simulated)'
      : 'LIO Lab device view: each device the step used, at the step\'s end (simulated)');
}
