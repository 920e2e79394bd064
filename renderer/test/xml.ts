// A tiny XML well-formedness checker (no DOM): tags balance, attributes are
// quoted and unique, entities are the predefined or numeric ones, one root.
export function checkXml(src: string): { ok: true; root: string; elements: number } | { ok: false; error: string; at: number } {
  let i = 0;
  const stack: string[] = [];
  let root = '';
  let elements = 0;
  const fail = (error: string) => ({ ok: false as const, error, at: i });
  const name = /[A-Za-z_:][A-Za-z0-9_.:-]*/y;
  const checkText = (t: string): string | null => {
    if (t.includes('<')) return 'raw < in text';
    const amp = /&([^;]*);?/g;
    let m: RegExpExecArray | null;
    while ((m = amp.exec(t))) {
      if (!m[0].endsWith(';')) return `bare & near "${t.slice(m.index, m.index + 12)}"`;
      if (!/^(lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+)$/.test(m[1])) return `unknown entity &${m[1]};`;
    }
    return null;
  };
  if (src.startsWith('<?xml')) { const e = src.indexOf('?>'); if (e < 0) return fail('unterminated declaration'); i = e + 2; }
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const text = src.slice(i, lt < 0 ? src.length : lt);
    if (stack.length === 0 && text.trim() !== '') return fail('text outside the root element');
    const te = checkText(text);
    if (te) return fail(te);
    if (lt < 0) break;
    i = lt;
    if (src.startsWith('<!--', i)) { const e = src.indexOf('-->', i); if (e < 0) return fail('unterminated comment'); i = e + 3; continue; }
    if (src.startsWith('<![CDATA[', i)) { const e = src.indexOf(']]>', i); if (e < 0) return fail('unterminated CDATA'); i = e + 3; continue; }
    if (src.startsWith('</', i)) {
      name.lastIndex = i + 2;
      const m = name.exec(src);
      if (!m) return fail('bad end tag');
      const top = stack.pop();
      if (top !== m[0]) return fail(`end tag </${m[0]}> does not match <${top}>`);
      i = name.lastIndex;
      while (/\s/.test(src[i])) i++;
      if (src[i] !== '>') return fail('bad end tag close');
      i++;
      continue;
    }
    name.lastIndex = i + 1;
    const m = name.exec(src);
    if (!m) return fail('bad start tag');
    if (stack.length === 0) { if (root) return fail('second root element'); root = m[0]; }
    elements++;
    i = name.lastIndex;
    const seen = new Set<string>();
    for (;;) {
      const ws = /\s*/y; ws.lastIndex = i; ws.exec(src); const hadSpace = ws.lastIndex > i; i = ws.lastIndex;
      if (src.startsWith('/>', i)) { i += 2; break; }
      if (src[i] === '>') { i++; stack.push(m[0]); break; }
      if (!hadSpace) return fail('attributes need whitespace');
      name.lastIndex = i;
      const a = name.exec(src);
      if (!a) return fail('bad attribute name');
      if (seen.has(a[0])) return fail(`duplicate attribute ${a[0]}`);
      seen.add(a[0]);
      i = name.lastIndex;
      if (src[i] !== '=') return fail(`attribute ${a[0]} without value`);
      i++;
      const q = src[i];
      if (q !== '"' && q !== "'") return fail(`unquoted attribute ${a[0]}`);
      const e = src.indexOf(q, i + 1);
      if (e < 0) return fail('unterminated attribute');
      const v = src.slice(i + 1, e);
      const ve = checkText(v);
      if (ve) return fail(`attribute ${a[0]}: ${ve}`);
      i = e + 1;
    }
  }
  if (stack.length) return fail(`unclosed <${stack[stack.length - 1]}>`);
  if (!root) return fail('no root element');
  return { ok: true, root, elements };
}
