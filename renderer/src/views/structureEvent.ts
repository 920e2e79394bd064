// The Structure view's readout: one trace event in words (and as the
// `data-event` the end-to-end tests read).
import type { Trace } from '../model/types';
import { EVENT_KIND_NAMES, GET_KIND_NAMES, NO_LATCH, NO_PLAN_LINE, NO_SEGMENT, EventKind } from '../model/types';
import { heatTarget, isVisit } from '../model/heat';
import { roleName, type Locator } from '../model/structure';
import { readableStack } from '../model/flame';
import { fmtNum, fmtUs } from '../model/stats';

/** An operator event's cell in words (its `block`: a bucket, a fan-out, a partition on temp). */
function operatorText(k: number, block: number): string {
  switch (k) {
    case EventKind.HASH_BUILD: return `build row into bucket ${block}`;
    case EventKind.HASH_PROBE: return `probe row looks up bucket ${block}`;
    case EventKind.HASH_SPILL: return `the build outgrew the work area: ${fmtNum(block)} partitions`;
    case EventKind.TEMP_WRITE: case EventKind.TEMP_READ:
      return `${block >>> 16 ? 'probe' : 'build'} partition #${block & 0xffff} ${k === EventKind.TEMP_WRITE ? 'to' : 'from'} temp (direct path ${k === EventKind.TEMP_WRITE ? 'write' : 'read'} temp)`;
    default: return '';
  }
}

/** Event `i` of `trace` (none before the first: the hint to press Play). */
export function describeEvent(trace: Trace | null, i: number, locate: Locator | null, segNames: Map<number, string>): { text: string; data: string } {
  const n = trace?.length ?? 0;
  if (!trace || i < 0 || i >= trace.length) return { text: n ? 'Before the first event. Press Play or Step forward.' : '', data: '' };
  const k = trace.kind[i];
  const seg = trace.segment[i];
  const parts = [`event ${fmtNum(i + 1)}/${fmtNum(n)}`];
  if ((trace.sessions?.length ?? 0) > 1) parts.push(`SID ${trace.sid[i]}`);
  if (trace.exec[i] || n > 64) parts.push(`exec ${fmtNum(trace.exec[i] + 1)}`);
  parts.push(`t=+${fmtUs(trace.t_us[i] - trace.t_us[0])}`);
  parts.push(EVENT_KIND_NAMES[k] ?? `kind ${k}`);
  let role = '';
  const op = operatorText(k, trace.block[i]);
  if (op) parts.push(op);
  if (seg !== NO_SEGMENT) {
    if (isVisit(k) || k === EventKind.PHYSICAL_READ) parts.push(`${GET_KIND_NAMES[trace.get_kind[i]] ?? ''}`.trim());
    const refs = locate ? locate(k, seg, trace.block[i]) : [];
    role = refs[0] ? roleName(refs[0].group, trace.block[i]) : '';
    parts.push(`${segNames.get(seg) ?? `segment ${seg}`} block ${trace.block[i]}${role ? ` (${role})` : ''}`);
  }
  if (trace.latch_child[i] !== NO_LATCH && trace.latch_gets[i] > 0) parts.push(`CBC child #${trace.latch_child[i]} × ${trace.latch_gets[i]}`);
  if (trace.plan_line[i] !== NO_PLAN_LINE) parts.push(`plan line ${trace.plan_line[i]}`);
  const stack = trace.stacks[trace.stack[i]];
  if (stack) parts.push(readableStack(stack));
  if (op) return { text: parts.filter(Boolean).join(' · '), data: `${EVENT_KIND_NAMES[k]}:${trace.plan_line[i]}:${trace.block[i]}` };
  const [hs, hb] = heatTarget(k, seg, trace.block[i]);
  return { text: parts.filter(Boolean).join(' · '), data: seg === NO_SEGMENT ? EVENT_KIND_NAMES[k] : `${segNames.get(seg) ?? seg}:${trace.block[i]}:${role}:${GET_KIND_NAMES[trace.get_kind[i]]}:${hs}:${hb}` };
}
