// Notices: things the user must not miss (a run not saved to history, an
// engine that stopped and was replaced). Unlike the toast they stay until
// dismissed or resolved, sit in the layout (they cover nothing), and can
// carry an action such as Retry.

export interface NoticeAction { label: string; run(): void }

export interface Notice {
  /** Stable key: a newer notice with the same id replaces the older one. */
  id: string;
  tone: 'error' | 'warning' | 'info';
  text: string;
  action?: NoticeAction;
}

export function Notices({ notices, onDismiss }: { notices: Notice[]; onDismiss(id: string): void }) {
  if (notices.length === 0) return <div />;
  return (
    <div className="notices" aria-label="Notices">
      {notices.map((n) => (
        <div key={n.id} className={`notice ${n.tone}`} role={n.tone === 'error' ? 'alert' : 'status'} data-notice={n.id}>
          <span className="notice-text">{n.text}</span>
          {n.action && <button className="btn small primary" onClick={n.action.run}>{n.action.label}</button>}
          <button className="btn small" onClick={() => onDismiss(n.id)} aria-label={`Dismiss: ${n.text.slice(0, 60)}`}>Dismiss</button>
        </div>
      ))}
    </div>
  );
}

/** Add or replace a notice (by id), newest last. */
export function upsertNotice(list: Notice[], n: Notice): Notice[] {
  return [...list.filter((x) => x.id !== n.id), n];
}
