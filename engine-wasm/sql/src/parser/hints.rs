//! Optimizer hints: the content of a `/*+ ... */` comment.

use super::Parser;
use crate::ast::*;
use crate::lexer::{tokenize, LexOptions, Tok, Token};

impl Parser<'_> {
    pub(super) fn hints(&mut self) -> Result<Vec<Hint>, crate::LabError> {
        let t = self.tok().clone();
        // The first query block of a WITH query name may say INLINE (what
        // the lab does) or MATERIALIZE (not modelled: the query name is
        // inlined, as parser/with.rs and docs/SQL.md say).
        let query_name = std::mem::take(&mut self.query_name_head);
        if let Tok::Hint(content) = &t.tok {
            self.bump();
            let hints = parse_hints(content, t.inner);
            // A real hint the lab would not obey is refused: Oracle would
            // obey it, and the plan would not be Oracle's.
            if let Some((name, pos)) = refused_hint(content, t.inner, query_name) {
                return Err(crate::LabError::unsupported(format!("the {name} hint"), pos));
            }
            Ok(hints)
        } else {
            Ok(Vec::new())
        }
    }
}

/// Oracle hints that change a plan or a statement's work and that the lab
/// does not model. Words that are no hint at all are ignored, as Oracle
/// ignores them; so are hints whose effect is what the lab does anyway
/// (`ALL_ROWS`, `NO_PARALLEL`, `NOAPPEND`, `NO_UNNEST`: the lab keeps IN and
/// EXISTS subqueries as FILTERs unless the subquery says `UNNEST`,
/// `HASH_SJ`, ...) or that do not touch the plan
/// (`QB_NAME`, `MONITOR`, `NO_MONITOR`).
const NOT_MODELLED_HINTS: &[&str] = &[
    "AND_EQUAL",
    "CACHE",
    "CARDINALITY",
    "CHOOSE",
    "CLUSTER",
    "CURSOR_SHARING_EXACT",
    "DRIVING_SITE",
    "FACT",
    "FIRST_ROWS",
    "FULL_OUTER_JOIN_TO_OUTER",
    "HASH",
    "INDEX_JOIN",
    "INLINE",
    "MATERIALIZE",
    "MERGE",
    "MERGE_AJ",
    "MERGE_SJ",
    "NATIVE_FULL_OUTER_JOIN",
    "NOCACHE",
    "NO_EXPAND",
    "NO_FACT",
    "NO_MERGE",
    "NO_PUSH_PRED",
    "NO_PUSH_SUBQ",
    "NO_QUERY_TRANSFORMATION",
    "NO_REWRITE",
    "NO_STAR_TRANSFORMATION",
    "NO_USE_HASH",
    "NO_USE_MERGE",
    "NO_USE_NL",
    "OPT_ESTIMATE",
    "PARALLEL",
    "PARALLEL_INDEX",
    "PQ_DISTRIBUTE",
    "PUSH_PRED",
    "PUSH_SUBQ",
    "RESULT_CACHE",
    "REWRITE",
    "ROWID",
    "RULE",
    "STAR_TRANSFORMATION",
    "USE_CONCAT",
    "USE_MERGE_CARTESIAN",
    "USE_NL_WITH_INDEX",
];

/// The first hint in a hint comment that the lab refuses: a hint of
/// [`NOT_MODELLED_HINTS`]. (`OPT_PARAM` of a parameter the lab does not
/// model is refused by the planner.)
fn refused_hint(content: &str, inner: Pos, query_name: bool) -> Option<(String, Pos)> {
    let toks = tokenize(content, inner, LexOptions::default());
    let mut depth = 0usize;
    for t in &toks {
        match &t.tok {
            Tok::LParen => depth += 1,
            Tok::RParen => depth = depth.saturating_sub(1),
            Tok::Ident { name, .. } if query_name && depth == 0 && (name == "INLINE" || name == "MATERIALIZE") => {}
            Tok::Ident { name, .. } if depth == 0 && NOT_MODELLED_HINTS.contains(&name.as_str()) => {
                return Some((name.clone(), t.pos));
            }
            Tok::Ident { name, .. } if depth == 0 && name == "DYNAMIC_SAMPLING" => {
                if let Some(refused) = dynamic_sampling_refused(&toks, t.pos) {
                    return Some(refused);
                }
            }
            // USE_HASH / USE_MERGE with no table list (every join by hash)
            // is not modelled; `USE_HASH(t)` is.
            Tok::Ident { name, .. }
                if depth == 0 && (name == "USE_HASH" || name == "USE_MERGE") && !opens_list(&toks, t.pos) =>
            {
                return Some((name.clone(), t.pos));
            }
            Tok::Eof | Tok::Error(_) => break,
            _ => {}
        }
    }
    None
}

/// `DYNAMIC_SAMPLING([alias] n)`: the lab models levels 0 (no sampling)
/// and 2 (an unanalysed table sampled, 64 blocks); another level is
/// refused at its number (`optimizer/dyn_sampling.rs`). A hint with no
/// level is no hint, as Oracle ignores it.
fn dynamic_sampling_refused(toks: &[Token], at: Pos) -> Option<(String, Pos)> {
    let i = toks.iter().position(|t| t.pos == at)?;
    if !matches!(toks.get(i + 1).map(|t| &t.tok), Some(Tok::LParen)) {
        return None;
    }
    let args = toks[i + 2..].iter().take_while(|t| !matches!(t.tok, Tok::RParen | Tok::Eof));
    let level = args.filter(|t| matches!(t.tok, Tok::Number(_))).last()?;
    let text = match &level.tok {
        Tok::Number(n) => n.to_string(),
        _ => return None,
    };
    (text != "0" && text != "2").then(|| (format!("DYNAMIC_SAMPLING level {text}"), level.pos))
}

/// The token after the one at `at` opens an argument list.
fn opens_list(toks: &[Token], at: Pos) -> bool {
    let i = toks.iter().position(|t| t.pos == at);
    matches!(i.and_then(|i| toks.get(i + 1)).map(|t| &t.tok), Some(Tok::LParen))
}

/// Where the first hint comment of a statement's text (starting at
/// `pos`) holds a hint Oracle 19c's Hint Report lists: any word but
/// `GATHER_PLAN_STATISTICS` (a rowsource statistics switch, not an
/// optimizer hint), a misspelled one included (`E - Syntax error`).
pub(crate) fn first_reported_hint(text: &str, pos: Pos) -> Option<Pos> {
    if !text.contains("+") {
        return None;
    }
    tokenize(text, pos, LexOptions::default()).into_iter().find_map(|t| match &t.tok {
        Tok::Hint(content) => {
            let rest = content.to_ascii_uppercase().replace("GATHER_PLAN_STATISTICS", "");
            (!rest.trim().is_empty()).then_some(t.pos)
        }
        _ => None,
    })
}

/// Optimizer hints in the content of a `/*+ ... */` comment. Never fails:
/// unknown or malformed hints become [`Hint::Other`] or are dropped.
fn parse_hints(content: &str, inner: Pos) -> Vec<Hint> {
    let toks = tokenize(content, inner, LexOptions::default());
    let mut hints = Vec::new();
    let mut j = 0;
    while j < toks.len() {
        let t = &toks[j];
        let name = match &t.tok {
            Tok::Ident { name, .. } => name.clone(),
            Tok::Eof | Tok::Error(_) => break,
            _ => {
                j += 1;
                continue;
            }
        };
        let start = t.start;
        let mut end = t.end;
        let mut args: &[Token] = &[];
        j += 1;
        let mut closed = true;
        if matches!(toks.get(j).map(|t| &t.tok), Some(Tok::LParen)) {
            let open = j;
            let mut depth = 0usize;
            closed = false;
            while j < toks.len() {
                match toks[j].tok {
                    Tok::LParen => depth += 1,
                    Tok::RParen => {
                        depth -= 1;
                        if depth == 0 {
                            closed = true;
                            break;
                        }
                    }
                    Tok::Eof | Tok::Error(_) => break,
                    _ => {}
                }
                j += 1;
            }
            let close = j.min(toks.len() - 1);
            args = toks.get(open + 1..close).unwrap_or(&[]);
            end = toks[close].end.max(end);
            if closed {
                j += 1;
            }
        }
        let raw = content.get(start..end).unwrap_or("").trim().to_string();
        // Names in the argument list (query-block names after `@` dropped).
        let idents: Vec<Ident> = args
            .iter()
            .enumerate()
            .filter(|(k, _)| *k == 0 || !matches!(args[k - 1].tok, Tok::At))
            .filter_map(|(_, a)| match &a.tok {
                Tok::Ident { name, .. } => Some(Ident { name: name.clone(), pos: a.pos }),
                _ => None,
            })
            .collect();
        let hint = if !closed {
            Hint::Other(raw)
        } else {
            match name.as_str() {
                "LEADING" if !idents.is_empty() => Hint::Leading(idents),
                "USE_NL" if !idents.is_empty() => Hint::UseNl(idents),
                "USE_HASH" if !idents.is_empty() => Hint::UseHash(idents),
                "USE_MERGE" if !idents.is_empty() => Hint::UseMerge(idents),
                "SWAP_JOIN_INPUTS" if !idents.is_empty() => Hint::SwapJoinInputs(idents),
                "NO_SWAP_JOIN_INPUTS" if !idents.is_empty() => Hint::NoSwapJoinInputs(idents),
                "UNNEST" if args.is_empty() => Hint::Subquery(SubqueryHint::Unnest),
                "NO_UNNEST" if args.is_empty() => Hint::Subquery(SubqueryHint::NoUnnest),
                "HASH_SJ" | "HASH_AJ" if args.is_empty() => Hint::Subquery(SubqueryHint::Hash),
                "NL_SJ" | "NL_AJ" if args.is_empty() => Hint::Subquery(SubqueryHint::Nl),
                "MERGE_SJ" | "MERGE_AJ" if args.is_empty() => Hint::Subquery(SubqueryHint::Merge),
                "NLJ_PREFETCH" => Hint::NljPrefetch(idents),
                "NO_NLJ_PREFETCH" => Hint::NoNljPrefetch(idents),
                "NLJ_BATCHING" => Hint::NljBatching(idents),
                "NO_NLJ_BATCHING" => Hint::NoNljBatching(idents),
                "GATHER_PLAN_STATISTICS" if args.is_empty() => Hint::GatherPlanStatistics,
                "FULL" if !idents.is_empty() => Hint::Full(idents[0].clone()),
                "INDEX" | "INDEX_ASC" | "INDEX_RS_ASC" if !idents.is_empty() => {
                    Hint::Index { alias: idents[0].clone(), index: hinted_index(args) }
                }
                "INDEX_DESC" | "INDEX_RS_DESC" | "INDEX_COMBINE" | "INDEX_FFS" | "INDEX_SS" | "INDEX_SS_ASC"
                | "INDEX_SS_DESC" | "NO_INDEX" | "NO_INDEX_FFS" | "NO_INDEX_SS"
                    if !idents.is_empty() =>
                {
                    let way = match name.as_str() {
                        "INDEX_DESC" | "INDEX_RS_DESC" => IndexWay::Desc,
                        "INDEX_FFS" => IndexWay::FastFull,
                        "INDEX_COMBINE" => IndexWay::Combine,
                        "INDEX_SS" | "INDEX_SS_ASC" => IndexWay::SkipScan,
                        "INDEX_SS_DESC" => IndexWay::SkipScanDesc,
                        "NO_INDEX" => IndexWay::No,
                        "NO_INDEX_FFS" => IndexWay::NoFastFull,
                        _ => IndexWay::NoSkipScan,
                    };
                    Hint::IndexWay { alias: idents[0].clone(), index: hinted_index(args), way }
                }
                "USE_HASH_AGGREGATION" => Hint::UseHashAggregation(true),
                "NO_USE_HASH_AGGREGATION" => Hint::UseHashAggregation(false),
                "OPT_PARAM" => opt_param(args).unwrap_or(Hint::Other(raw)),
                _ => Hint::Other(raw),
            }
        };
        let more = combined_indexes(&hint, args);
        hints.push(hint);
        hints.extend(more);
    }
    hints
}

/// INDEX_COMBINE(t i1 i2 ...) names each index it may combine: the
/// hints for those after the first.
fn combined_indexes(hint: &Hint, args: &[Token]) -> Vec<Hint> {
    let Hint::IndexWay { alias, way: IndexWay::Combine, index: Some(_) } = hint else { return Vec::new() };
    plain_args(args)
        .into_iter()
        .skip(2)
        .filter_map(|a| match &a.tok {
            Tok::Ident { name, .. } => Some(Hint::IndexWay {
                alias: alias.clone(),
                index: Some(Ident { name: name.clone(), pos: a.pos }),
                way: IndexWay::Combine,
            }),
            _ => None,
        })
        .collect()
}

/// A hint's arguments less the query block names (`@qb`).
fn plain_args(args: &[Token]) -> Vec<&Token> {
    args.iter()
        .enumerate()
        .filter(|(k, a)| a.tok != Tok::At && (*k == 0 || args[k - 1].tok != Tok::At))
        .map(|(_, a)| a)
        .collect()
}

/// The index an index hint names: `index(t t1_i)`; a column list
/// `index(t (key))` names none.
fn hinted_index(args: &[Token]) -> Option<Ident> {
    let plain = plain_args(args);
    match plain.get(1) {
        Some(Token { tok: Tok::Ident { name, .. }, pos, .. }) => Some(Ident { name: name.clone(), pos: *pos }),
        _ => None,
    }
}

fn opt_param(args: &[Token]) -> Option<Hint> {
    let toks: Vec<&Tok> = args.iter().map(|t| &t.tok).collect();
    let (name, rest) = match toks.as_slice() {
        [Tok::Str(n), Tok::Comma, rest @ ..] => (n.to_lowercase(), rest),
        _ => return None,
    };
    let value = match rest {
        [Tok::Number(n)] => ParamValue::Number(n.to_f64()),
        [Tok::Minus, Tok::Number(n)] => ParamValue::Number(-n.to_f64()),
        [Tok::Str(s)] => ParamValue::Text(s.clone()),
        [Tok::Ident { name, .. }] => ParamValue::Text(name.clone()),
        _ => return None,
    };
    Some(Hint::OptParam { name, value })
}
