// scripts/shape.mjs: the measures behind `npm test -- shape`, on small
// hand-made inputs.
import { describe, expect, it } from 'vitest';
import { stripRust, stripJs, rustFunctions, jsFunctions, rustCountedLines, rustGraph, cycles, ratchet } from '../../scripts/shape.mjs';

const fnLines = (n) => Array.from({ length: n }, (_, i) => `    let x${i} = ${i};`).join('\n');

describe('stripRust', () => {
  it('blanks strings, chars and comments but keeps lifetimes and line breaks', () => {
    const src = `fn f<'a>(s: &'a str) -> char { let b = "{"; let c = '}'; /* { /* } */ */ '\\''\n}`;
    const out = stripRust(src);
    expect(out.length).toBe(src.length);
    expect(out).toContain("<'a>");
    expect(out).toContain("&'a str");
    expect(out.split('{').length - 1).toBe(1);
    expect(out.split('}').length - 1).toBe(1);
    expect(out.endsWith('\n}')).toBe(true);
  });
  it('blanks raw strings with hashes', () => {
    expect(stripRust('let s = r#"a "} b"#; }')).toBe(`let s = ${' '.repeat(11)}; }`);
  });
});

describe('stripJs', () => {
  it('blanks strings, regexes and template text, keeps ${} code', () => {
    const out = stripJs('const a = "}"; const r = /[}/]+/g; const t = `x}${ {a: 1}.a }y{`;');
    expect(out.split('}').length - 1).toBe(2);
    expect(out.split('{').length - 1).toBe(2);
  });
  it('takes an apostrophe in JSX text as text', () => {
    const out = stripJs("function A() {\n  return <p>Don't {x}</p>;\n}\n");
    expect(out).toContain('{x}');
  });
  it('takes an apostrophe inside a word as text even when quotes follow on its line', () => {
    // JSX text `the demo's ... {a ? 'x' : ''}`: the apostrophe must not open a string that the
    // later quotes close, or the braces between would be blanked and the function cut short.
    const out = stripJs("function A() {\n  return <p>the demo's {a ? `(${b})` : ''} end</p>;\n}\n");
    expect(out).toContain('{a ?');
    expect(out.split('{').length - 1).toBe(out.split('}').length - 1);
  });
});

describe('rustFunctions', () => {
  it('measures from the fn line to its closing brace, skipping test items and bodiless fns', () => {
    const src = [
      'trait T { fn no_body(&self) -> u8; }',
      "fn long<'a>(x: &'a str) -> Result<(), ()>",
      'where',
      '    u8: Copy,',
      '{',
      fnLines(3),
      "    let c = '{';",
      '}',
      '#[cfg(test)]',
      'mod tests {',
      '    fn in_test() {',
      '    }',
      '}',
      '',
    ].join('\n');
    expect(rustFunctions(src)).toEqual([{ name: 'long', line: 2, lines: 9 }]);
    expect(rustCountedLines(src)).toBe(10);
  });
});

describe('jsFunctions', () => {
  it('finds declarations, methods and arrows, with their names', () => {
    const src = [
      'export function outer(a) {',
      '  const inner = (b) => {',
      '    return b;',
      '  };',
      '  useEffect(() => {',
      '    if (a) {',
      '      run();',
      '    }',
      '  }, [a]);',
      '  return inner;',
      '}',
      'class C {',
      '  method(x): number {',
      '    for (;;) { break; }',
      '  }',
      '}',
      '',
    ].join('\n');
    const fns = jsFunctions(src);
    expect(fns).toEqual([
      { name: 'outer', line: 1, lines: 11 },
      { name: 'inner', line: 2, lines: 3 },
      { name: 'outer/useEffect', line: 5, lines: 5 },
      { name: 'method', line: 13, lines: 3 },
    ]);
  });
});

describe('rustGraph and cycles', () => {
  it('resolves crate, super, self, child and alias paths, follows re-exports', () => {
    const files = {
      'lib.rs': 'pub mod a;\npub mod b;\npub mod c;\n',
      'a/mod.rs': 'mod leaf;\npub use leaf::Leaf;\npub struct A;\n',
      'a/leaf.rs': 'pub struct Leaf;\n',
      // b uses Leaf through a's re-export: the edge goes to a/leaf.rs
      'b.rs': 'use crate::a::Leaf;\nuse crate::c;\npub fn f() { c::g(); }\n',
      'c.rs': 'pub fn g() {}\n#[cfg(test)]\nmod tests { use crate::b::f; }\n',
    };
    const { edges } = rustGraph(files);
    const names = (from, to) => [...(edges.get(from)?.get(to) ?? [])];
    expect(names('b.rs', 'a/leaf.rs')).toEqual(['Leaf']);
    expect(names('b.rs', 'a/mod.rs')).toEqual([]);
    expect(names('b.rs', 'c.rs')).toEqual(['g']);
    expect(names('a/mod.rs', 'a/leaf.rs')).toEqual(['Leaf']);
    expect(names('c.rs', 'b.rs')).toEqual([]); // a test module's use does not count
    expect(cycles(edges)).toEqual([]);
  });
  it("counts a child using its parent's own items as a cycle, with the names", () => {
    const files = {
      'lib.rs': 'pub mod p;\n',
      'p/mod.rs': 'mod kid;\npub const K: u8 = 1;\npub fn run() { kid::go() }\n',
      'p/kid.rs': 'use super::*;\npub fn go() -> u8 { K }\n',
    };
    const { edges } = rustGraph(files);
    expect([...edges.get('p/kid.rs').get('p/mod.rs')]).toEqual(['K']);
    expect(cycles(edges)).toEqual([['p/kid.rs', 'p/mod.rs']]);
  });
});

describe('rustGraph: imports a child sees, enum variants', () => {
  it("follows a parent's private import to the file that defines the name", () => {
    const files = {
      'lib.rs': 'mod p;\n',
      'p/mod.rs': 'mod stream;\nmod kid;\nuse stream::Parser;\npub fn go() { kid::run() }\n',
      'p/stream.rs': 'pub struct Parser;\n',
      'p/kid.rs': 'use super::Parser;\npub fn run() {}\n',
    };
    const { edges } = rustGraph(files);
    expect([...edges.get('p/kid.rs').keys()]).toEqual(['p/stream.rs']);
    expect(cycles(edges)).toEqual([]);
  });
  it('does not take an enum variant for the type of the same name', () => {
    const files = {
      'lib.rs': 'mod a;\nmod b;\npub use b::*;\npub enum Top { Kind(Kind) }\npub struct Shell;\n',
      'a.rs': '',
      'b.rs': 'use super::*;\npub enum Kind { Shell, Other }\n',
    };
    const { edges } = rustGraph(files);
    expect(edges.get('b.rs')).toBeUndefined();
  });
});

describe('ratchet', () => {
  const allow = { cycles: [['a', 'b', 'c']], files: { 'x.rs': 700 }, functions: { 'x.rs#f': 150 } };
  it('passes what is listed and no bigger, and reports what can be trimmed', () => {
    const r = ratchet({ cycles: [{ files: ['a', 'b'], text: '' }], files: { 'x.rs': 650 }, functions: {} }, allow);
    expect(r.failures).toEqual([]);
    expect(r.trim.length).toBe(3);
  });
  it('fails a new offender, a grown one and a cycle outside the list', () => {
    const r = ratchet({ cycles: [{ files: ['a', 'd'], text: '' }], files: { 'x.rs': 701, 'y.rs': 601 }, functions: { 'x.rs#f': 150 } }, allow);
    expect(r.failures.length).toBe(3);
  });
});
