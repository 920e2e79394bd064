//! An expression's text as Oracle shows it in a column heading.

use lio_sql::ast::{Analytic, Expr};

/// Text of an expression as Oracle shows it in a column heading.
pub fn expr_text(e: &Expr) -> String {
    match e {
        Expr::Number(n, _) => n.to_string(),
        Expr::String(s, _) => format!("'{s}'"),
        Expr::Null(_) => "NULL".into(),
        Expr::Bind(b, _) => format!(":{b}"),
        Expr::Column { qualifier, name } => match qualifier {
            Some(q) => format!("{}.{}", q.name, name.name),
            None => name.name.clone(),
        },
        Expr::Rownum(_) => "ROWNUM".into(),
        Expr::Level(_) => "LEVEL".into(),
        Expr::Default(_) => "DEFAULT".into(),
        // SYSDATE and CURRENT_DATE take no parentheses.
        Expr::Function { name, args }
            if args.is_empty() && matches!(name.name.as_str(), "SYSDATE" | "CURRENT_DATE") =>
        {
            name.name.clone()
        }
        // The parser's forms of an INTERVAL literal and of CAST.
        Expr::Function { name, args } if name.name == "INTERVAL LITERAL" && args.len() == 3 => match &args[2] {
            Expr::String(t, _) => t.clone(),
            _ => String::new(),
        },
        Expr::Function { name, args } if name.name == "CAST" && args.len() == 5 => match &args[4] {
            Expr::String(t, _) => format!("CAST({}AS{t})", expr_text(&args[0])),
            _ => String::new(),
        },
        Expr::Function { name, args } => {
            format!("{}({})", name.name, args.iter().map(expr_text).collect::<Vec<_>>().join(","))
        }
        Expr::Aggregate { func, arg, distinct, .. } => {
            let f = func.name();
            let d = if *distinct { "DISTINCT " } else { "" };
            format!("{f}({d}{})", arg.as_ref().map(|a| expr_text(a)).unwrap_or_else(|| "*".into()))
        }
        Expr::Binary { op, left, right } => format!("{}{}{}", expr_text(left), op.text(), expr_text(right)),
        Expr::Negate(e) => format!("-{}", expr_text(e)),
        Expr::Not(e) => format!("NOT {}", expr_text(e)),
        Expr::Between { expr, low, high } => {
            format!("{} BETWEEN {} AND {}", expr_text(expr), expr_text(low), expr_text(high))
        }
        Expr::IsNull { expr, negated } => format!("{} IS {}NULL", expr_text(expr), if *negated { "NOT " } else { "" }),
        Expr::Subquery(_) => "(SELECT)".into(),
        Expr::InList { expr, list, negated } => format!(
            "{} {}IN ({})",
            expr_text(expr),
            if *negated { "NOT " } else { "" },
            list.iter().map(expr_text).collect::<Vec<_>>().join(",")
        ),
        Expr::InSubquery { expr, negated, .. } => {
            format!("{} {}IN (SELECT)", expr_text(expr), if *negated { "NOT " } else { "" })
        }
        Expr::OuterMark(e) => format!("{}(+)", expr_text(e)),
        Expr::Analytic(a) => heading(a),
        Expr::Exists { negated, .. } => format!("{}EXISTS (SELECT)", if *negated { "NOT " } else { "" }),
        Expr::Like { expr, pattern, negated, .. } => {
            format!("{} {}LIKE {}", expr_text(expr), if *negated { "NOT " } else { "" }, expr_text(pattern))
        }
        Expr::Case { operand, whens, otherwise, .. } => {
            let mut t = String::from("CASE");
            if let Some(o) = operand {
                t += &format!(" {}", expr_text(o));
            }
            for (w, r) in whens {
                t += &format!(" WHEN {} THEN {}", expr_text(w), expr_text(r));
            }
            if let Some(e) = otherwise {
                t += &format!(" ELSE {}", expr_text(e));
            }
            t + " END"
        }
    }
}

/// The column heading of an analytic function (SQL*Plus drops the blanks).
fn heading(a: &Analytic) -> String {
    let mut t = format!("{}(", a.func.name());
    t += &if a.star { "*".to_string() } else { a.args.iter().map(expr_text).collect::<Vec<_>>().join(",") };
    t += ")OVER(";
    if !a.partition.is_empty() {
        t += "PARTITIONBY";
        t += &a.partition.iter().map(expr_text).collect::<Vec<_>>().join(",");
    }
    if !a.order.is_empty() {
        t += "ORDERBY";
        let items: Vec<String> = a
            .order
            .iter()
            .map(|o| format!("{}{}", expr_text(&o.expr), if o.descending { "DESC" } else { "" }))
            .collect();
        t += &items.join(",");
    }
    t += ")";
    t.to_uppercase().replace(' ', "")
}
