//! Structures that both serialise and describe themselves: the
//! [`contract!`](crate::tsdecl::contract) macro declares a `Serialize`
//! struct once and derives from the same tokens a description of it
//! ([`Decl`]: TypeScript name, doc, fields with their types and serde
//! attributes). The renderer's result types (`result.gen.ts`) are printed
//! from the descriptions ([`typescript`]); `tests/result_contract.rs`
//! fails when that file is stale and checks real result JSON against them
//! ([`check`]).

use serde_json::Value;

/// A type as the JSON carries it.
#[derive(Debug, Clone)]
pub enum Ty {
    Num,
    Str,
    Bool,
    /// One of these strings.
    Lit(&'static [&'static str]),
    /// A result cell: a string, a number or null.
    Cell,
    /// `T | null`.
    Null(Box<Ty>),
    Arr(Box<Ty>),
    /// An object keyed by strings.
    Map(Box<Ty>),
    Tuple(Vec<Ty>),
    Struct(fn() -> Decl),
}

/// A declared struct.
#[derive(Debug, Clone)]
pub struct Decl {
    pub ts_name: &'static str,
    pub doc: String,
    pub fields: Vec<Field>,
}

/// A field of a declared struct: its name, type and attributes as written.
#[derive(Debug, Clone)]
pub struct Field {
    pub name: &'static str,
    pub ty: Ty,
    pub attrs: &'static [&'static str],
}

impl Field {
    /// The JSON key (serde's `rename`, else the field's name).
    pub fn key(&self) -> String {
        self.attrs.iter().find_map(|a| serde_arg(a, "rename")).unwrap_or_else(|| self.name.to_string())
    }
    /// serde may leave the key out (`skip_serializing_if`).
    pub fn optional(&self) -> bool {
        self.attrs.iter().any(|a| a.starts_with("serde") && a.contains("skip_serializing_if"))
    }
    /// Left out exactly when None: the value is never null.
    fn skipped_when_none(&self) -> bool {
        self.attrs.iter().any(|a| a.starts_with("serde") && a.contains("\"Option::is_none\""))
    }
    fn flatten(&self) -> bool {
        self.attrs.iter().any(|a| a.starts_with("serde") && a.contains("flatten"))
    }
    /// The type the key carries when present.
    fn value_ty(&self) -> Ty {
        match (&self.ty, self.skipped_when_none()) {
            (Ty::Null(t), true) => (**t).clone(),
            (t, _) => t.clone(),
        }
    }
    pub fn doc(&self) -> String {
        doc_of(self.attrs)
    }
}

impl Decl {
    /// The fields as the JSON object has them (flattened structs inlined).
    pub fn keys(&self) -> Vec<Field> {
        let mut out = Vec::new();
        for f in &self.fields {
            match (&f.ty, f.flatten()) {
                (Ty::Struct(d), true) => out.extend(d().keys()),
                _ => out.push(f.clone()),
            }
        }
        out
    }
}

/// `name = "value"` inside a `serde(...)` attribute as stringified.
fn serde_arg(attr: &str, name: &str) -> Option<String> {
    let attr = attr.split_whitespace().collect::<Vec<_>>().join(" ");
    let rest = attr.strip_prefix("serde")?;
    let at = rest.find(&format!("{name} = \""))? + name.len() + 4;
    let end = rest[at..].find('"')?;
    Some(rest[at..at + end].to_string())
}

/// The doc comment among stringified attributes (`doc = r" text"`, as
/// `///` lines arrive), one line.
pub fn doc_of(attrs: &[&str]) -> String {
    let lines: Vec<String> = attrs
        .iter()
        .filter_map(|a| {
            // stringify! may break the line after `=`.
            let (k, v) = a.split_once('=')?;
            let v = v.trim_start();
            if k.trim() != "doc" {
                return None;
            }
            let raw = v.strip_prefix("r\"").map(|t| t.to_string());
            raw.or_else(|| v.strip_prefix('"').map(|t| t.replace("\\\"", "\"").replace("\\\\", "\\")))
        })
        .map(|t| t.trim_end_matches('"').trim().replace("*/", "*\\/"))
        .collect();
    lines.join(" ")
}

/// How a Rust type crosses to JSON.
pub trait TsType {
    fn ty() -> Ty;
}

macro_rules! ts_num {
    ($($t:ty),*) => { $(impl TsType for $t { fn ty() -> Ty { Ty::Num } })* };
}
ts_num!(u8, u16, u32, u64, usize, i32, i64, f64);

impl TsType for String {
    fn ty() -> Ty {
        Ty::Str
    }
}
impl TsType for &'static str {
    fn ty() -> Ty {
        Ty::Str
    }
}
impl TsType for bool {
    fn ty() -> Ty {
        Ty::Bool
    }
}
impl TsType for Value {
    fn ty() -> Ty {
        Ty::Cell
    }
}
impl<T: TsType> TsType for Option<T> {
    fn ty() -> Ty {
        Ty::Null(Box::new(T::ty()))
    }
}
impl<T: TsType> TsType for &[T] {
    fn ty() -> Ty {
        Ty::Arr(Box::new(T::ty()))
    }
}
impl<T: TsType> TsType for Vec<T> {
    fn ty() -> Ty {
        Ty::Arr(Box::new(T::ty()))
    }
}
impl<T: TsType> TsType for std::collections::BTreeSet<T> {
    fn ty() -> Ty {
        Ty::Arr(Box::new(T::ty()))
    }
}
impl<T: TsType> TsType for std::collections::BTreeMap<String, T> {
    fn ty() -> Ty {
        Ty::Map(Box::new(T::ty()))
    }
}
impl<T: TsType, const N: usize> TsType for [T; N] {
    fn ty() -> Ty {
        Ty::Tuple((0..N).map(|_| T::ty()).collect())
    }
}

/// A struct's own description.
pub trait Described {
    fn decl() -> Decl;
}

/// Declare `Serialize` structs once, with the TypeScript name each has in
/// the renderer (`pub struct StepOut as Step { ... }`; a struct may borrow:
/// `pub struct Meta<'a> as Meta`). A field may be prefixed with `@LIST` (a
/// `&[&str]` in scope): its string is one of them.
macro_rules! contract {
    ($(
        $(#[$smeta:meta])*
        pub struct $name:ident $(<$lt:lifetime>)? as $ts:ident {
            $(
                $(#[$fmeta:meta])*
                $(@$lits:ident)?
                pub $field:ident : $ty:ty
            ),* $(,)?
        }
    )*) => {$(
        $(#[$smeta])*
        pub struct $name $(<$lt>)? {
            $(
                $(#[$fmeta])*
                pub $field: $ty,
            )*
        }

        impl $(<$lt>)? $crate::tsdecl::Described for $name $(<$lt>)? {
            fn decl() -> $crate::tsdecl::Decl {
                $crate::tsdecl::Decl {
                    ts_name: stringify!($ts),
                    doc: $crate::tsdecl::doc_of(&[$(stringify!($smeta)),*]),
                    fields: vec![$(
                        $crate::tsdecl::Field {
                            name: stringify!($field),
                            ty: $crate::tsdecl::contract!(@ty $ty $(, $lits)?),
                            attrs: &[$(stringify!($fmeta)),*],
                        }
                    ),*],
                }
            }
        }

        impl $(<$lt>)? $crate::tsdecl::TsType for $name $(<$lt>)? {
            fn ty() -> $crate::tsdecl::Ty {
                $crate::tsdecl::Ty::Struct(<$name $(<$lt>)? as $crate::tsdecl::Described>::decl)
            }
        }
    )*};
    (@ty $ty:ty) => { <$ty as $crate::tsdecl::TsType>::ty() };
    (@ty $ty:ty, $lits:ident) => { $crate::tsdecl::Ty::Lit($lits) };
}
pub(crate) use contract;

/// The TypeScript of a type.
pub fn ts(t: &Ty) -> String {
    match t {
        Ty::Num => "number".into(),
        Ty::Str => "string".into(),
        Ty::Bool => "boolean".into(),
        Ty::Lit(l) => l.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(" | "),
        Ty::Cell => "string | number | null".into(),
        Ty::Null(t) => format!("{} | null", ts(t)),
        Ty::Arr(t) => match **t {
            Ty::Struct(_) | Ty::Num | Ty::Str | Ty::Bool | Ty::Tuple(_) | Ty::Arr(_) => format!("{}[]", ts(t)),
            _ => format!("({})[]", ts(t)),
        },
        Ty::Map(t) => format!("Record<string, {}>", ts(t)),
        Ty::Tuple(v) => format!("[{}]", v.iter().map(ts).collect::<Vec<_>>().join(", ")),
        Ty::Struct(d) => d().ts_name.into(),
    }
}

/// Every struct reachable from `roots`, each once, in the order met,
/// except those named in `skip` (declared elsewhere), which are returned
/// apart when met.
fn reachable(roots: &[fn() -> Decl], skip: &[&'static str]) -> (Vec<Decl>, Vec<&'static str>) {
    fn walk(t: &Ty, skip: &[&'static str], out: &mut (Vec<Decl>, Vec<&'static str>)) {
        match t {
            Ty::Null(t) | Ty::Arr(t) | Ty::Map(t) => walk(t, skip, out),
            Ty::Tuple(v) => v.iter().for_each(|t| walk(t, skip, out)),
            Ty::Struct(d) => {
                let d = d();
                if skip.contains(&d.ts_name) {
                    if !out.1.contains(&d.ts_name) {
                        out.1.push(d.ts_name);
                    }
                } else if !out.0.iter().any(|x| x.ts_name == d.ts_name) {
                    let fields = d.keys();
                    out.0.push(d);
                    fields.iter().for_each(|f| walk(&f.ty, skip, out));
                }
            }
            _ => {}
        }
    }
    let mut out = (Vec::new(), Vec::new());
    roots.iter().for_each(|&r| walk(&Ty::Struct(r), skip, &mut out));
    out
}

/// The TypeScript interfaces of `root` and every struct it holds.
pub fn interfaces(root: fn() -> Decl) -> String {
    module(&[root], &[])
}

/// Another generated module: its import path and the root of its structs.
pub type Elsewhere<'a> = (&'a str, fn() -> Decl);

/// The TypeScript interfaces of `roots` and every struct they hold, but
/// for those another generated module declares (`elsewhere`), which are
/// imported from it.
pub fn module(roots: &[fn() -> Decl], elsewhere: &[Elsewhere]) -> String {
    let theirs: Vec<(&str, Vec<&'static str>)> =
        elsewhere.iter().map(|&(path, r)| (path, reachable(&[r], &[]).0.iter().map(|d| d.ts_name).collect())).collect();
    let skip: Vec<&'static str> = theirs.iter().flat_map(|(_, n)| n.iter().copied()).collect();
    let (decls, met) = reachable(roots, &skip);
    let mut s = String::new();
    for (path, names) in &theirs {
        let used: Vec<&str> = met.iter().copied().filter(|n| names.contains(n)).collect();
        if !used.is_empty() {
            s.push_str(&format!("import type {{ {} }} from '{path}';\n\n", used.join(", ")));
        }
    }
    for d in decls {
        if !d.doc.is_empty() {
            s.push_str(&format!("/** {} */\n", d.doc));
        }
        s.push_str(&format!("export interface {} {{\n", d.ts_name));
        for f in d.keys() {
            let doc = f.doc();
            if !doc.is_empty() {
                s.push_str(&format!("  /** {doc} */\n"));
            }
            let q = if f.optional() { "?" } else { "" };
            s.push_str(&format!("  {}{q}: {};\n", f.key(), ts(&f.value_ty())));
        }
        s.push_str("}\n\n");
    }
    s
}

/// The first place where `v` does not fit `t` (`path` names it), if any:
/// a key the declaration lacks, a declared key missing and not optional,
/// a value of another type.
pub fn check(v: &Value, t: &Ty, path: &str) -> Result<(), String> {
    let bad = || Err(format!("{path}: {v} is not {}", ts(t)));
    match (t, v) {
        (Ty::Num, Value::Number(_)) | (Ty::Str, Value::String(_)) | (Ty::Bool, Value::Bool(_)) => Ok(()),
        (Ty::Lit(l), Value::String(s)) if l.contains(&s.as_str()) => Ok(()),
        (Ty::Cell, Value::String(_) | Value::Number(_) | Value::Null) => Ok(()),
        (Ty::Null(_), Value::Null) => Ok(()),
        (Ty::Null(t), v) => check(v, t, path),
        (Ty::Arr(t), Value::Array(a)) => {
            a.iter().enumerate().try_for_each(|(i, x)| check(x, t, &format!("{path}[{i}]")))
        }
        (Ty::Map(t), Value::Object(o)) => o.iter().try_for_each(|(k, x)| check(x, t, &format!("{path}[{k:?}]"))),
        (Ty::Tuple(ts), Value::Array(a)) if a.len() == ts.len() => {
            a.iter().zip(ts).enumerate().try_for_each(|(i, (x, t))| check(x, t, &format!("{path}[{i}]")))
        }
        (Ty::Struct(d), Value::Object(o)) => {
            let d = d();
            let fields = d.keys();
            for k in o.keys() {
                if !fields.iter().any(|f| &f.key() == k) {
                    return Err(format!("{path}: key {k:?} is not declared in {}", d.ts_name));
                }
            }
            for f in &fields {
                match o.get(&f.key()) {
                    None if f.optional() => {}
                    None => return Err(format!("{path}: {} lacks {:?}", d.ts_name, f.key())),
                    Some(x) => check(x, &f.value_ty(), &format!("{path}.{}", f.key()))?,
                }
            }
            Ok(())
        }
        _ => bad(),
    }
}
