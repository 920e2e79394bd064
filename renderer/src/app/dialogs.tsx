// The workbench's dialogs: save the script as a scenario, and the keyboard shortcuts.
import { useEffect, useRef, useState } from 'react';

export function SaveDialog({ initial, onClose, onSave }: { initial: string; onClose(): void; onSave(name: string): Promise<void> }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(initial);
  const [err, setErr] = useState<string | null>(null);
  useEffect(() => { ref.current?.showModal(); }, []);
  return (
    <dialog ref={ref} className="help" aria-label="Save scenario" onClose={onClose}>
      <form onSubmit={async (e) => {
        e.preventDefault();
        try { await onSave(name.trim()); ref.current?.close(); } catch (x) { setErr((x as Error).message); }
      }}>
        <h2 style={{ marginTop: 0, fontSize: 15 }}>Save scenario</h2>
        <label style={{ display: 'grid', gap: 4 }}>Name
          <input className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} pattern="[A-Za-z0-9][A-Za-z0-9 _.\-]*" maxLength={80} required style={{ width: 320 }} />
        </label>
        <div className="muted" style={{ fontSize: 11, marginTop: 4 }}>Letters, digits, space, _ . - (a saved scenario shadows a sample of the same name)</div>
        {err && <div className="error-box" role="alert">{err}</div>}
        <div style={{ textAlign: 'right', marginTop: 10, display: 'flex', gap: 6, justifyContent: 'flex-end' }}>
          <button type="button" className="btn" onClick={() => ref.current?.close()}>Cancel</button>
          <button type="submit" className="btn primary">Save</button>
        </div>
      </form>
    </dialog>
  );
}

export function HelpDialog({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => { ref.current?.showModal(); }, []);
  const rows: [string, string][] = [
    ['Ctrl/Cmd + Enter', 'Run the statement under the cursor (or the selection)'],
    ['Ctrl/Cmd + Shift + Enter, F5', 'Run the whole script on a fresh instance'],
    ['Esc', 'Cancel a running script'], ['Alt + 1…5', 'Switch view'],
    ['Space', 'Play / pause the trace (Structure view)'], ['← / →', 'Step back / forward one event'],
    ['Home / End', 'First / last event'], ['?', 'This help'],
  ];
  return (
    <dialog ref={ref} className="help" aria-label="Keyboard shortcuts" onClose={onClose}>
      <h2 style={{ marginTop: 0, fontSize: 15 }}>Keyboard shortcuts</h2>
      <table><tbody>{rows.map(([k, v]) => <tr key={k}><td className="mono">{k}</td><td>{v}</td></tr>)}</tbody></table>
      <form method="dialog" style={{ textAlign: 'right', marginTop: 10 }}><button className="btn">Close</button></form>
    </dialog>
  );
}
