// One error boundary per view: a view that fails to render says what it
// cannot show and offers to try again; the rest of the workbench (the
// editor's text, the executed statements, the other views) stays. Without
// it, one exception in one view unmounts the whole React tree: a white page.
import { Component, type ReactNode } from 'react';

/** Test-only (`?lio-test`): views told to fail, by name, to check the boundary in the real UI. */
const failing = new Set<string>();
export const viewFailuresForTest = {
  fail(view: string) { failing.add(view); },
  clear() { failing.clear(); },
};

function FailForTest({ view }: { view: string }): null {
  if (failing.has(view)) throw new Error(`test failure injected into the ${view} view`);
  return null;
}

interface Props {
  /** The view's name as the user knows it ("Structure", "Flame graph"). */
  view: string;
  /** What it was showing ("step #4"): said in the message. */
  subject?: string;
  /** A change of this key (another step, another run) clears the error and tries again. */
  resetKey?: unknown;
  children: ReactNode;
}

interface State { error: Error | null; key: unknown; tries: number }

export class ViewBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey, tries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Another subject: try it (the error was about the previous one).
    if (!Object.is(props.resetKey, state.key)) return { key: props.resetKey, error: null };
    return null;
  }

  componentDidCatch(error: unknown, info: { componentStack?: string | null }) {
    // Kept for whoever opens the console; the view itself says it in one line.
    console.warn(`[LIO Lab] the ${this.props.view} view failed:`, error, info.componentStack ?? '');
  }

  private retry = () => this.setState((s) => ({ error: null, tries: s.tries + 1 }));

  render() {
    const { error, tries } = this.state;
    const { view, subject, children } = this.props;
    if (!error) return <>{children}<FailForTest view={view} /></>;
    const reason = error.message.split('\n')[0].slice(0, 300) || error.name;
    return (
      <div className="view-error" role="alert" aria-label={`${view} view error`} data-view-error={view}>
        <div className="view-error-title">The {view} view cannot show {subject ?? 'this'}.</div>
        <div className="view-error-reason mono">{reason}</div>
        <div className="view-error-note">Your script and the executed statements are unaffected; the other views still work.
          {tries > 0 ? ' It failed again on retry: select another step or re-run the statement.' : ''}</div>
        <div className="view-error-actions">
          <button className="btn primary" onClick={this.retry}>Retry</button>
        </div>
      </div>
    );
  }
}

/** The last line of defence (main.tsx): the whole workbench failed to render. */
export class AppBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: unknown) { return { error: error instanceof Error ? error : new Error(String(error)) }; }
  componentDidCatch(error: unknown) { console.warn('[LIO Lab] the workbench failed:', error); }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="view-error app-error" role="alert">
        <div className="view-error-title">LIO Lab stopped drawing the workbench.</div>
        <div className="view-error-reason mono">{this.state.error.message.split('\n')[0].slice(0, 300)}</div>
        <div className="view-error-note">Your script is kept as a draft in this browser (saved as you type) and your runs are in History: reloading brings them back.</div>
        <div className="view-error-actions">
          <button className="btn" onClick={() => this.setState({ error: null })}>Try again</button>
          <button className="btn primary" onClick={() => window.location.reload()}>Reload</button>
        </div>
      </div>
    );
  }
}
