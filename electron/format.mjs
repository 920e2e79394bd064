// SQL*Plus-style text for a ScriptResult: the formatter lives with the
// renderer's reports (renderer/src/reports/sqlplus.mjs) so that the CLI and
// the UI's "Copy as text" print the same text.
export * from '../renderer/src/reports/sqlplus.mjs';
