//! Constant folding: a select-list expression whose operands are all
//! constants (`rpad('x', 100, 'x')`, `2 * 1024`) is evaluated once when the
//! statement is compiled, not once per row (a million-row load built the
//! same 100-byte string a million times).
//!
//! Only what evaluates without error is folded: an expression that raises
//! (`1/0`, `to_number('x')`) is left as it was, so its error comes when a
//! row evaluates it, at the same point and position as before (a query
//! returning no row raises nothing, as in Oracle). Functions whose value
//! is not a function of their arguments (DBMS_RANDOM, USER) are never
//! folded.

use super::convert::{kind, Kind, Kinds};
use super::expr::{CExpr, Env, EvalCtx, Func};
use crate::catalog::Catalog;
use crate::random::DbmsRandom;
use crate::value::Value;
use lio_sql::ast::BinaryOp;

/// `e` with every constant subexpression replaced by its value.
pub fn fold(mut e: CExpr) -> CExpr {
    // Every operand folded is a constant: the value reads no row, bind or
    // source, so one empty context serves the whole expression.
    let (cat, env) = (Catalog::default(), Env::default());
    let mut rng = DbmsRandom::new(0);
    // Folding happens once, at compile time: the characters it examines
    // are not a statement's work.
    let mut text_work = 0;
    let mut cx = EvalCtx { cat: &cat, env: &env, binds: &[], rng: &mut rng, text_work: &mut text_work, io: None };
    fold_in_place(&mut e, &mut cx);
    e
}

fn is_const(e: &CExpr) -> bool {
    matches!(e, CExpr::Const(_) | CExpr::Varchar(_))
}

/// Fold the children, then the node itself when it can be.
fn fold_in_place(e: &mut CExpr, cx: &mut EvalCtx<'_>) {
    let foldable = match e {
        CExpr::Func(f, args, _) => {
            args.iter_mut().for_each(|a| fold_in_place(a, cx));
            !f.is_random()
                && !matches!(f, Func::User | Func::Date(super::datefn::DateFn::Sysdate))
                // CAST keeps the type it names (a CREATE TABLE AS SELECT's
                // column type, SQL*Plus's width): a folded value has none.
                && !matches!(f, Func::Cast(_))
                && args.iter().all(is_const)
        }
        CExpr::Bin(op, a, b, _) => {
            fold_in_place(a, cx);
            fold_in_place(b, cx);
            matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Concat)
                && is_const(a)
                && is_const(b)
        }
        CExpr::Neg(a, _) => {
            fold_in_place(a, cx);
            is_const(a)
        }
        _ => false,
    };
    if !foldable {
        return;
    }
    // The value keeps the expression's datatype class: a VARCHAR2 string
    // is a `Varchar` constant (a literal is CHAR, compared blank-padded:
    // RPAD('a', 3) = 'a' is false); a NULL result stays a call (the literal
    // NULL has no datatype, SIGN(NULL) is a NUMBER), and so does
    // DECODE(1, 2, NULL, 3), a VARCHAR2 whose value is the number 3 (a
    // UNION ALL with numbers raises ORA-01790 for it).
    if let Ok(v) = e.eval(cx) {
        let k = Kinds { cat: cx.cat, binds: &[], gens: &[], aggs: &[] };
        let was = kind(e, &k);
        let c = match (was, v) {
            (Kind::Varchar, v @ Value::Str(_)) => CExpr::Varchar(v),
            (_, v) => CExpr::Const(v),
        };
        let same = match (was, kind(&c, &k)) {
            (Kind::Char(_), Kind::Char(_)) => true,
            (was, is) => was == is,
        };
        // NULL is never folded: LEAST(3, NULL) is a NUMBER the lab may not
        // know the kind of (Unknown), the literal NULL makes DECODE VARCHAR2.
        if same && !matches!(c, CExpr::Const(Value::Null)) {
            *e = c;
        }
    }
}

/// Whether a value is what folding `e` would give (for tests).
#[cfg(test)]
fn folded(e: CExpr) -> Option<Value> {
    match fold(e) {
        CExpr::Const(v) | CExpr::Varchar(v) => Some(v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lio_sql::ast::Pos;

    fn c(v: Value) -> CExpr {
        CExpr::Const(v)
    }

    #[test]
    fn constants_fold_and_errors_stay_deferred() {
        let p = Pos::default();
        let pad = CExpr::Func(Func::Rpad, vec![c(Value::str("x")), c(Value::int(5)), c(Value::str("y"))], p);
        assert_eq!(folded(pad), Some(Value::str("xyyyy")));
        let div = CExpr::Bin(BinaryOp::Div, Box::new(c(Value::int(1))), Box::new(c(Value::int(0))), p);
        assert!(folded(div).is_none(), "1/0 raises only when a row evaluates it");
        let rownum = CExpr::Bin(BinaryOp::Sub, Box::new(CExpr::Rownum), Box::new(c(Value::int(1))), p);
        assert!(folded(rownum).is_none());
        let random = CExpr::Func(Func::RandomValue, vec![], p);
        assert!(folded(random).is_none());
        // The constant part of a row-dependent expression folds.
        let mixed = CExpr::Bin(
            BinaryOp::Add,
            Box::new(CExpr::Rownum),
            Box::new(CExpr::Bin(BinaryOp::Mul, Box::new(c(Value::int(2))), Box::new(c(Value::int(3))), p)),
            p,
        );
        match fold(mixed) {
            CExpr::Bin(_, _, b, _) => assert!(matches!(*b, CExpr::Const(ref v) if *v == Value::int(6))),
            other => panic!("{other:?}"),
        }
    }
}
