// The scenario editor: CodeMirror 6, SQL highlighting, lint diagnostics for
// engine errors, Mod-Enter runs the statement under the cursor, Mod-Shift-Enter
// runs the whole script.
import { useEffect, useRef } from 'react';
import { EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { sql, PLSQL } from '@codemirror/lang-sql';
import { HighlightStyle, syntaxHighlighting, bracketMatching } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { tags as t } from '@lezer/highlight';
import { offsetOf } from '../model/script.mjs';

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
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const cb = useRef(props);
  cb.current = props;

  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: props.initial,
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
          EditorView.updateListener.of((u) => { if (u.docChanged) cb.current.onChange(u.state.doc.toString()); }),
        ],
      }),
    });
    viewRef.current = view;
    props.apiRef.current = {
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
    return () => { view.destroy(); viewRef.current = null; props.apiRef.current = null; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state.doc.toString(), props.errors)));
  }, [props.errors]);

  return <div className="editor-host" ref={host} />;
}
