// The run history a trainer scrolls through (issue 35, "History is hard to
// use"): scripts that start alike with CREATE TABLE get titles that say what
// they measure, and the list can be searched by title, id or saved time.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { runTitle } from '../../renderer/src/session';
import { filterRuns, HistoryView } from '../../renderer/src/views/HistoryView';
import type { Host, RunSummary } from '../../renderer/src/host';

const create = 'create table t4 (\n  id number primary key,\n  v varchar2(100)\n) organization index;\ninsert into t4 select rownum, rpad(\'x\', 100) from dual connect by level <= 1000;\ncommit;\n';

describe('run titles', () => {
  it('name the query a script measures, not its first CREATE TABLE line', () => {
    expect(runTitle(`${create}select v from t4 where id = 1;\n`, null)).toBe('select v from t4 where id = 1');
    expect(runTitle(`${create}LAB RUN 'select v from t4 where id = :1' BIND 1 TO 100;\n`, null)).toBe("LAB RUN 'select v from t4 where id = :1' BIND 1 TO 100");
    expect(runTitle(`${create}update t4 set v = 'y' where id = 2;\n`, null)).toBe("update t4 set v = 'y' where id = 2");
  });
  it('keep a script without a query on its first statement that is not set-up', () => {
    expect(runTitle('LAB VERSION 18c;\ncreate table t (n number);\n', null)).toBe('create table t (n number)');
  });
  it('still prefer a title, a comment and a scenario name', () => {
    expect(runTitle(`--@ title IOT lookups\n${create}select 1 from dual;`, null)).toBe('IOT lookups');
    expect(runTitle(`-- IOT lookups\n${create}select 1 from dual;`, null)).toBe('IOT lookups');
    expect(runTitle(`${create}select 1 from dual;`, 'iot-story')).toBe('iot-story');
  });
});

describe('history search', () => {
  const runs: RunSummary[] = [
    { id: 1, title: 'select v from t4 where id = 1', created_at: '2026-11-26T10:00:00Z' },
    { id: 2, title: 'Heap vs hash cluster, one lookup each', created_at: '2026-11-27T09:30:00Z' },
    { id: 12, title: 'select v from t1 where id = 1', created_at: '2026-11-27T11:00:00Z' },
  ] as RunSummary[];
  it('matches every word, in any case, against title, id and saved time', () => {
    expect(filterRuns(runs, '').map((r) => r.id)).toEqual([1, 2, 12]);
    expect(filterRuns(runs, 'T4').map((r) => r.id)).toEqual([1]);
    expect(filterRuns(runs, 'select t1').map((r) => r.id)).toEqual([12]);
    expect(filterRuns(runs, 'hash   cluster').map((r) => r.id)).toEqual([2]);
    expect(filterRuns(runs, '2026-11-27').map((r) => r.id)).toEqual([2, 12]);
    expect(filterRuns(runs, '12').map((r) => r.id)).toEqual([12]);
    expect(filterRuns(runs, 'nothing')).toEqual([]);
  });
  it('the list puts the actions next to the id and a long title keeps its whole text', () => {
    const long = `select ${'x, '.repeat(60)}y from t`;
    const html = renderToStaticMarkup(createElement(HistoryView, {
      host: {} as Host, runs: [{ id: 7, title: long, created_at: '2026-11-27T09:30:00Z' } as RunSummary],
      onRefresh: () => undefined, onLoad: () => undefined, onOpenScript: () => undefined,
    }));
    const heads = [...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(heads.slice(0, 3)).toEqual(['Id', 'Actions', 'Title']);
    expect(html).toContain(`title="${long}"`);
    expect(html).toContain('aria-label="Search saved runs"');
  });
});
