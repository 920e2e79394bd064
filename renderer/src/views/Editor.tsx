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
import { pasteWatcher, STRIP_EVENT, StripBarView, type StripBar } from './StripBar';

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
          pasteWatcher((text) => cb.current.onChange(text), barRef, setBar),
        ],
      }),
    });
    viewRef.current = view;
    apiRef.current = {
      getText: () => view.state.doc.toString(),
      // Its own undo step (Ctrl+Z brings back the text it replaced, never with the typing just before).
      setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 }, annotations: isolateHistory.of('full') }),
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
      <StripBarView bar={bar} onStrip={strip} onUndo={undoStrip} onClose={() => setBar(null)} />
      <div className="editor-host" ref={host} />
    </>
  );
}
