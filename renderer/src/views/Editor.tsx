// The scenario editor: CodeMirror 6, SQL highlighting, lint diagnostics for
// engine errors, Mod-Enter runs the statement under the cursor, Mod-Shift-Enter
// runs the whole script.
import { useEffect, useRef, useState } from 'react';
import { EditorState, Prec, Transaction } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory } from '@codemirror/commands';
import { sql, PLSQL } from '@codemirror/lang-sql';
import { HighlightStyle, syntaxHighlighting, bracketMatching } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { tags as t } from '@lezer/highlight';
import { offsetOf } from '../model/script.mjs';
import { useLatest } from './useLatest';
import { describeStrip, looksLikeTranscript, stripCounts, stripTranscript, type StrippedTranscript } from '../model/transcript';

export interface EditorError { line: number; column: number; code: string; message: string }

export interface EditorApi {
  getText(): string;
  setText(text: string): void;
  cursor(): number;
  selection(): { from: number; to: number };
  focus(): void;
  reveal(line: number, column: number): void;
}

const highlight = HighlightStyle.define([
  { tag: t.keyword, color: 'var(--syn-kw)', fontWeight: '600' },
  { tag: [t.string, t.special(t.string)], color: 'var(--syn-str)' },
  { tag: [t.number, t.bool, t.null], color: 'var(--syn-num)' },
  { tag: [t.lineComment, t.blockComment, t.comment], color: 'var(--syn-com)', fontStyle: 'italic' },
  { tag: [t.typeName, t.standard(t.name)], color: 'var(--syn-type)' },
  { tag: [t.operator, t.punctuation], color: 'var(--syn-op)' },
]);

const theme = EditorView.theme({
  '&': { backgroundColor: 'var(--panel)', color: 'var(--text)' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-gutters': { backgroundColor: 'var(--panel-2)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 6%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--accent) 12%, transparent)' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--sel) !important' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--text)', border: '1px solid var(--border)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--danger)', fontFamily: 'var(--mono)' },
});

function wordEnd(text: string, from: number): number {
  const m = /^[A-Za-z0-9_$#."]+/.exec(text.slice(from, from + 200));
  if (m) return from + m[0].length;
  const nl = text.indexOf('\n', from);
  return Math.max(from + 1, Math.min(text.length, nl < 0 ? text.length : nl));
}

export function toDiagnostics(text: string, errors: EditorError[]): Diagnostic[] {
  return errors.map((e) => {
    const from = Math.min(text.length, offsetOf(text, e.line, e.column));
    const to = Math.min(text.length, Math.max(from, wordEnd(text, from)));
    return { from, to, severity: 'error', source: e.code, message: `${e.code}: ${e.message}` };
  });
}

/**
 * The offer after a paste that looks like a SQL*Plus transcript ('offer'), and
 * once stripped ('stripped', with its undo). Positions are in the current
 * document (mapped through later edits); `original` is the text as pasted.
 */
type StripBar =
  | { state: 'offer'; from: number; to: number; original: string; result: StrippedTranscript }
  | { state: 'stripped'; from: number; to: number; original: string; result: StrippedTranscript }
  | { state: 'note'; text: string };

/** The strip and its undo are edits of their own in the editor's history (Ctrl+Z undoes exactly one). */
const STRIP_EVENT = 'input.strip';

export function Editor(props: {
  initial: string;
  onChange(text: string): void;
  onRunStatement(): void;
  onRunAll(): void;
  errors: EditorError[];
  apiRef: { current: EditorApi | null };
}) {
  // The editor opens on the first `initial` and owns its text from then on.
  const [initial] = useState(props.initial);
  const { apiRef } = props;
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const cb = useLatest(props);
  const [bar, setBar] = useState<StripBar | null>(null);
  const barRef = useLatest(bar);

  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          Prec.highest(keymap.of([
            { key: 'Mod-Enter', run: () => { cb.current.onRunStatement(); return true; } },
            { key: 'Mod-Shift-Enter', run: () => { cb.current.onRunAll(); return true; } },
          ])),
          lineNumbers(), highlightActiveLine(), highlightActiveLineGutter(), drawSelection(), history(), bracketMatching(),
          sql({ dialect: PLSQL, upperCaseKeywords: true }),
          syntaxHighlighting(highlight),
          lintGutter(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          theme,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': 'SQL script', spellcheck: 'false' }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            cb.current.onChange(u.state.doc.toString());
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
          }),
        ],
      }),
    });
    viewRef.current = view;
    apiRef.current = {
      getText: () => view.state.doc.toString(),
      setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 } }),
      cursor: () => view.state.selection.main.head,
      selection: () => ({ from: view.state.selection.main.from, to: view.state.selection.main.to }),
      focus: () => view.focus(),
      reveal: (line, column) => {
        const pos = offsetOf(view.state.doc.toString(), line, column);
        view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
        view.focus();
      },
    };
    return () => { view.destroy(); viewRef.current = null; apiRef.current = null; };
  }, [initial, apiRef, cb, barRef]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state.doc.toString(), props.errors)));
  }, [props.errors]);

  const strip = () => {
    const view = viewRef.current;
    const b = barRef.current;
    if (!view || !b || b.state !== 'offer') return;
    if (view.state.sliceDoc(b.from, b.to) !== b.original) { setBar({ state: 'note', text: 'The pasted text has been edited since: not stripped.' }); return; }
    view.dispatch({
      changes: { from: b.from, to: b.to, insert: b.result.script },
      annotations: [isolateHistory.of('full'), Transaction.userEvent.of(STRIP_EVENT)],
      scrollIntoView: true,
    });
    setBar({ ...b, state: 'stripped', to: b.from + b.result.script.length });
    view.focus();
  };
  const undoStrip = () => {
    const view = viewRef.current;
    const b = barRef.current;
    if (!view || !b || b.state !== 'stripped') return;
    if (view.state.sliceDoc(b.from, b.to) !== b.result.script) {
      setBar({ state: 'note', text: 'The stripped text has been edited since: use Ctrl+Z in the editor to go back to the transcript.' });
      return;
    }
    view.dispatch({
      changes: { from: b.from, to: b.to, insert: b.original },
      annotations: [isolateHistory.of('full'), Transaction.userEvent.of(STRIP_EVENT)],
    });
    setBar(null);
    view.focus();
  };

  return (
    <>
      {bar ? (
        <div className={`strip-bar ${bar.state}`} role="status" aria-label="Pasted transcript">
          {bar.state === 'offer' && <>
            <span className="strip-text"><strong>Pasted a SQL*Plus transcript</strong> ({stripCounts(bar.result)}).</span>
            <button className="btn small primary" onClick={strip} title="Keep only the statements typed after the SQL> prompts (one edit: Ctrl+Z puts the transcript back)">Strip to statements</button>
            <button className="btn small" onClick={() => setBar(null)} title="Leave the text as pasted">Keep</button>
          </>}
          {bar.state === 'stripped' && <>
            <span className="strip-text"><strong>Transcript stripped:</strong> {describeStrip(bar.result)}.</span>
            <button className="btn small" onClick={undoStrip} title="Put the transcript back as pasted (Ctrl+Z does the same)">Undo</button>
            <button className="btn small" onClick={() => setBar(null)} aria-label="Close">Close</button>
          </>}
          {bar.state === 'note' && <>
            <span className="strip-text">{bar.text}</span>
            <button className="btn small" onClick={() => setBar(null)} aria-label="Close">Close</button>
          </>}
        </div>
      ) : <div className="strip-bar-slot" />}
      <div className="editor-host" ref={host} />
    </>
  );
}
