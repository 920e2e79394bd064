// The editor's pasted-transcript bar: a paste that looks like a SQL*Plus
// transcript is offered to be stripped to its statements (one undoable edit).
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { describeStrip, looksLikeTranscript, stripCounts, stripTranscript, type StrippedTranscript } from '../model/transcript';

/** The strip and its undo are edits of their own in the editor's history (Ctrl+Z undoes exactly one). */
export const STRIP_EVENT = 'input.strip';

/**
 * The offer after a paste that looks like a SQL*Plus transcript ('offer'), and
 * once stripped ('stripped', with its undo). Positions are in the current
 * document (mapped through later edits); `original` is the text as pasted.
 */
export type StripBar =
  | { state: 'offer'; from: number; to: number; original: string; result: StrippedTranscript }
  | { state: 'stripped'; from: number; to: number; original: string; result: StrippedTranscript }
  | { state: 'note'; text: string };

/** The bar above the editor: the offer to strip a pasted transcript, the undo once stripped, or a note. */
export function StripBarView({ bar, onStrip, onUndo, onClose }: { bar: StripBar | null; onStrip(): void; onUndo(): void; onClose(): void }) {
  if (!bar) return <div className="strip-bar-slot" />;
  return (
    <div className={`strip-bar ${bar.state}`} role="status" aria-label="Pasted transcript">
      {bar.state === 'offer' && <>
        <span className="strip-text"><strong>Pasted a SQL*Plus transcript</strong> ({stripCounts(bar.result)}).</span>
        <button className="btn small primary" onClick={onStrip} title="Keep only the statements typed after the SQL> prompts (one edit: Ctrl+Z puts the transcript back)">Strip to statements</button>
        <button className="btn small" onClick={onClose} title="Leave the text as pasted">Keep</button>
      </>}
      {bar.state === 'stripped' && <>
        <span className="strip-text"><strong>Transcript stripped:</strong> {describeStrip(bar.result)}.</span>
        <button className="btn small" onClick={onUndo} title="Put the transcript back as pasted (Ctrl+Z does the same)">Undo</button>
        <button className="btn small" onClick={onClose} aria-label="Close">Close</button>
      </>}
      {bar.state === 'note' && <>
        <span className="strip-text">{bar.text}</span>
        <button className="btn small" onClick={onClose} aria-label="Close">Close</button>
      </>}
    </div>
  );
}

/**
 * The editor's change listener: every change goes to `onChange`; a pasted
 * (or dropped) SQL*Plus transcript raises the offer to strip it, and other
 * edits move the bar's range along.
 */
export function pasteWatcher(onChange: (text: string) => void, barRef: { current: StripBar | null }, setBar: (b: StripBar) => void): Extension {
  return EditorView.updateListener.of((u) => {
    if (!u.docChanged) return;
    onChange(u.state.doc.toString());
    // A pasted (or dropped) SQL*Plus transcript: offer to strip it; other edits move the offer along.
    let pasted: { from: number; to: number } | null = null;
    for (const tr of u.transactions) {
      if (pasted) pasted = { from: tr.changes.mapPos(pasted.from, -1), to: tr.changes.mapPos(pasted.to, 1) };
      if (tr.isUserEvent('input.paste') || tr.isUserEvent('input.drop')) {
        tr.changes.iterChanges((_fa, _ta, fromB, toB) => { if (toB > fromB) pasted = { from: fromB, to: toB }; });
      }
    }
    const b = barRef.current;
    const own = u.transactions.some((tr) => tr.isUserEvent(STRIP_EVENT));
    if (pasted) {
      const { from, to } = pasted as { from: number; to: number };
      const text = u.state.sliceDoc(from, to);
      const result = looksLikeTranscript(text) ? stripTranscript(text) : null;
      if (result && result.script !== text) { setBar({ state: 'offer', from, to, original: text, result }); return; }
    }
    if (b && b.state !== 'note' && !own) {
      const from = u.changes.mapPos(b.from, -1), to = u.changes.mapPos(b.to, 1);
      if (from !== b.from || to !== b.to) setBar({ ...b, from, to });
    }
  });
}
