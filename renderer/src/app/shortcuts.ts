// The workbench's global keyboard shortcuts (the help dialog lists them).
import { useEffect } from 'react';
import { TABS, type TabId } from './ViewTabs';

export function useShortcuts({ execute, busy, cancel, switchTab, openHelp }: {
  execute(mode: 'all' | 'statement'): void; busy: boolean; cancel(): void; switchTab(t: TabId): void; openHelp(): void;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (e.key === 'F5') { e.preventDefault(); execute('all'); }
      else if (mod && e.key === 'Enter' && !(e.target as HTMLElement)?.closest?.('.cm-editor')) { e.preventDefault(); execute(e.shiftKey ? 'all' : 'statement'); }
      else if (e.altKey && /^[1-5]$/.test(e.key)) { e.preventDefault(); switchTab(TABS[Number(e.key) - 1].id); }
      else if (e.key === 'Escape' && busy) cancel();
      else if (e.key === '?' && !(e.target as HTMLElement)?.closest?.('input, textarea, .cm-editor, select')) openHelp();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [execute, busy, cancel, switchTab, openHelp]);
}
