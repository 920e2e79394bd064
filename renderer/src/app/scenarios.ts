// Scenarios: the samples and saved scripts the toolbar opens, the one open
// now, and saving the editor's script as one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Host, ScenarioInfo } from '../host';
import { stripBom } from '../model/script.mjs';
import type { EditorApi, EditorError } from '../views/Editor';
import { DEFAULT_SCRIPT, DRAFT_KEY } from './draft';

export function useScenarios({ host, editorRef, draftRef, storeDraft, flash, setErrors }: {
  host: Host;
  editorRef: { current: EditorApi | null };
  draftRef: { current: string };
  storeDraft(text: string): void;
  flash(msg: string): void;
  setErrors(e: EditorError[]): void;
}) {
  const [scenarios, setScenarios] = useState<ScenarioInfo[]>([]);
  const [scenario, setScenario] = useState<string | null>(null);
  /** The text the open scenario had when opened or saved (a run of it is titled with its name). */
  const scenarioTextRef = useRef<string | null>(null);

  useEffect(() => { host.listScenarios().then(setScenarios).catch(() => setScenarios([])); }, [host]);

  const openScenario = useCallback(async (name: string) => {
    if (!name) return;
    try {
      const s = await host.openScenario(name);
      const before = editorRef.current?.getText() ?? draftRef.current;
      if (before.trim() && before !== scenarioTextRef.current && before !== DEFAULT_SCRIPT) {
        try { localStorage.setItem(`${DRAFT_KEY}.previous`, before); } catch { /* quota */ }
      }
      const script = stripBom(s.script);
      editorRef.current?.setText(script);
      draftRef.current = script;
      storeDraft(script);
      setScenario(s.name);
      scenarioTextRef.current = script;
      setErrors([]);
      flash(`Opened “${s.name}”. Run it with Ctrl+Shift+Enter. Your previous text: Ctrl+Z in the editor.`);
    } catch (e) { flash(`Could not open ${name}: ${(e as Error).message}`); }
  }, [host, flash, storeDraft, editorRef, draftRef, setErrors]);

  const saveScenario = useCallback(async (name: string) => {
    const script = editorRef.current?.getText() ?? draftRef.current;
    await host.saveScenario({ name, script });
    setScenario(name); scenarioTextRef.current = script;
    host.listScenarios().then(setScenarios).catch(() => undefined);
    flash(`Saved scenario “${name}”.`);
  }, [host, flash, editorRef, draftRef]);

  return { scenarios, scenario, setScenario, scenarioTextRef, openScenario, saveScenario };
}
