// The script being edited, kept in this browser (localStorage) as a draft:
// saved a moment after each change and when the page goes away.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { fmtBytes, utf8Bytes } from '../model/saved';
import type { Notice } from '../views/Notices';

export const DRAFT_KEY = 'lio.draft.v1';
export const DEFAULT_SCRIPT = `-- LIO Lab: type SQL*Plus-style statements, then
--   Ctrl+Enter        run the statement under the cursor
--   Ctrl+Shift+Enter  run the whole script (fresh instance)
SET AUTOTRACE ON STATISTICS
SELECT 1 FROM dual;
`;

function loadDraft(): string {
  try { return localStorage.getItem(DRAFT_KEY) ?? DEFAULT_SCRIPT; } catch { return DEFAULT_SCRIPT; }
}

/**
 * The draft: `initial` opens the editor, `draftRef` follows every change,
 * `storeDraft` keeps a text now; when it does not fit, it says so (once)
 * rather than lose it on reload.
 */
export function useDraft(notify: (n: Notice) => void, dismiss: (id: string) => void) {
  const initial = useMemo(() => loadDraft(), []);
  const draftRef = useRef(initial);
  const saveTimer = useRef<number | null>(null);
  const draftWarned = useRef(false);
  const storeDraft = useCallback((text: string) => {
    try {
      localStorage.setItem(DRAFT_KEY, text);
      if (draftWarned.current) { draftWarned.current = false; dismiss('draft'); }
    } catch {
      if (draftWarned.current) return;
      draftWarned.current = true;
      notify({ id: 'draft', tone: 'warning', text: `This script (${fmtBytes(utf8Bytes(text))}) is too large to keep as a draft in this browser: it will not survive a reload. Keep a copy in a file.` });
    }
  }, [notify, dismiss]);

  const onChange = useCallback((text: string) => {
    draftRef.current = text;
    if (saveTimer.current) window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => storeDraft(text), 250);
  }, [storeDraft]);

  useEffect(() => {
    const save = () => storeDraft(draftRef.current);
    window.addEventListener('beforeunload', save);
    return () => window.removeEventListener('beforeunload', save);
  }, [storeDraft]);

  return { initial, draftRef, storeDraft, onChange };
}
