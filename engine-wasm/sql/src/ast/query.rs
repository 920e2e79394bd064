//! Names with their positions, queries and expressions.

use super::*;

/// 1-based line and column in the script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: u32,
    pub column: u32,
}

/// A name with the position where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Ident {
    pub name: String,
    pub pos: Pos,
}

// ---------------------------------------------------------------- queries

#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    pub pos: Pos,
    pub hints: Vec<Hint>,
    pub distinct: bool,
    pub select: Vec<SelectItem>,
    pub from: Vec<FromItem>,
    pub where_clause: Option<Expr>,
    /// `CONNECT BY [NOCYCLE] cond` (its other parts in `hier`).
    pub connect_by: Option<Expr>,
    /// `START WITH`, `NOCYCLE` and `ORDER SIBLINGS BY` of a hierarchical query (None: none written).
    pub hier: Option<Box<Hier>>,
    pub group_by: Vec<Expr>,
    /// `ROLLUP`, `CUBE` or `GROUPING SETS` in the GROUP BY clause: the
    /// grouping sets over `group_by` (None: a plain GROUP BY).
    pub grouping: Option<Box<GroupingSets>>,
    /// `HAVING cond`
    pub having: Option<Box<Expr>>,
    pub order_by: Vec<OrderItem>,
    /// The branches of a compound query after this one (the ORDER BY
    /// above applies to the whole compound query); a parenthesised branch
    /// may itself be compound.
    pub union_all: Vec<Query>,
    /// In a branch of `union_all`: the set operator in front of it, applied
    /// left to right (Oracle gives all set operators equal precedence).
    pub set_op: SetOp,
    /// `LEFT [OUTER] JOIN` (and `RIGHT JOIN` turned around): the index in
    /// `from` of each outer-joined item and its ON condition.
    pub outer_joins: Vec<(usize, Expr)>,
    /// `a FULL [OUTER] JOIN b ON ...`: the index in `from` of `b`, whose
    /// ON condition is in `outer_joins` (both sides' rows are kept).
    pub full_join: Option<usize>,
    /// `[INNER] JOIN t USING (c, ...)`: each join's columns.
    pub using: Vec<UsingJoin>,
    /// `[OFFSET m ROWS] [FETCH FIRST n [PERCENT] ROWS ONLY | WITH TIES]` (12.1+).
    pub row_limit: Option<Box<RowLimit>>,
}

/// A hierarchical query's clauses beside its CONNECT BY condition.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Hier {
    pub start_with: Option<Expr>,
    pub nocycle: bool,
    /// `ORDER SIBLINGS BY`: the order of the rows of one parent (and of
    /// the roots); `order_by` is then empty.
    pub siblings: Vec<OrderItem>,
    /// Where `CONNECT` was written.
    pub pos: Pos,
}

/// The grouping sets of `GROUP BY ROLLUP (...)`, `CUBE (...)` or
/// `GROUPING SETS (...)`, concatenated with the plain expressions beside
/// them (their cross product, as Oracle expands them).
#[derive(Debug, Clone, PartialEq)]
pub struct GroupingSets {
    /// Each grouping set: indexes into the query's `group_by`, in the
    /// order the sets are generated.
    pub sets: Vec<Vec<usize>>,
    /// The construct that produced them (Oracle's plan shape follows it).
    pub kind: GroupingKind,
    /// Where the extension was written.
    pub pos: Pos,
}

/// What a GROUP BY clause's extension is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupingKind {
    /// One ROLLUP, with plain expressions beside it (SORT GROUP BY ROLLUP).
    Rollup,
    /// One CUBE, with plain expressions beside it (GENERATE CUBE).
    Cube,
    /// GROUPING SETS, or ROLLUP and CUBE combined.
    Sets,
}

/// The row limiting clause: rows skipped, rows (or percent) kept, ties.
#[derive(Debug, Clone, PartialEq)]
pub struct RowLimit {
    pub offset: Option<Expr>,
    /// None: every row after the offset (`OFFSET m ROWS` alone, or `FETCH
    /// FIRST ROWS ONLY` without a count is one row: Some(1)).
    pub fetch: Option<Expr>,
    pub percent: bool,
    pub with_ties: bool,
    /// Where the clause starts (OFFSET or FETCH).
    pub pos: Pos,
}

/// `left ... JOIN right USING (columns)`: the items `left..right` of `from`
/// are the join's left side (its chain of ANSI joins), `right` the table
/// joined.
#[derive(Debug, Clone, PartialEq)]
pub struct UsingJoin {
    pub left: usize,
    pub right: usize,
    pub columns: Vec<Ident>,
    /// `NATURAL [INNER] JOIN`: the columns are the names both sides have
    /// (found when the tables are known; `columns` is empty).
    pub natural: bool,
    /// `LEFT`, `RIGHT` or `FULL [OUTER] JOIN ... USING`; None for an
    /// inner join.
    pub outer: Option<UsingOuter>,
}

/// The outer join of a USING (or NATURAL) join: which side's rows are
/// kept. Its columns' value is the left side's (LEFT), the right's
/// (RIGHT), `COALESCE(left, right)` (FULL).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UsingOuter {
    Left,
    Right,
    Full,
}

impl Query {
    /// `SELECT select FROM table [alias] [WHERE where_clause]`: the query an
    /// UPDATE or DELETE finds its rows with.
    pub fn of_table(
        pos: Pos,
        hints: Vec<Hint>,
        select: Vec<SelectItem>,
        table: &Ident,
        alias: &Option<Ident>,
        where_clause: &Option<Expr>,
    ) -> Query {
        Query {
            pos,
            hints,
            distinct: false,
            select,
            from: vec![FromItem::Table { name: table.clone(), alias: alias.clone(), sample: None }],
            where_clause: where_clause.clone(),
            connect_by: None,
            hier: None,
            group_by: Vec::new(),
            grouping: None,
            having: None,
            order_by: Vec::new(),
            union_all: Vec::new(),
            set_op: SetOp::UnionAll,
            outer_joins: Vec::new(),
            full_join: None,
            using: Vec::new(),
            row_limit: None,
        }
    }
}

/// A set operator between two branches of a compound query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetOp {
    UnionAll,
    Union,
    Intersect,
    Minus,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SelectItem {
    /// `*`
    Star(Pos),
    /// `alias.*`
    QualifiedStar(Ident),
    Expr {
        expr: Expr,
        alias: Option<Ident>,
        /// A number literal's text as typed, upper-cased (`1E3`, `0.50`):
        /// the column's name when it has no alias, as Oracle names it.
        heading: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct OrderItem {
    pub expr: Expr,
    pub descending: bool,
    /// `NULLS FIRST` (Some(true)) / `NULLS LAST` (Some(false)); by default
    /// NULLs sort last ascending and first descending.
    pub nulls_first: Option<bool>,
}

/// `SAMPLE [BLOCK] (percent) [SEED (seed)]` of a table in a FROM clause.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// In [0.000001, 100).
    pub percent: f64,
    /// `SAMPLE BLOCK`: blocks sampled, not rows.
    pub block: bool,
    /// `SEED (n)`, 0 to 4294967295: the same sample at each execution.
    pub seed: Option<u32>,
    pub pos: Pos,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FromItem {
    /// A table, view or `dual`, with its `SAMPLE` clause.
    Table { name: Ident, alias: Option<Ident>, sample: Option<Box<Sample>> },
    /// `(SELECT ...) alias`
    /// `view`: the stored view it is the query of (its name).
    Subquery { query: Box<Query>, alias: Option<Ident>, view: Option<Ident> },
    /// `xmltable('1 to N')` or `xmltable('a to b')`; rows expose `column_value`.
    XmlTableRange { from: Expr, to: Expr, alias: Option<Ident>, pos: Pos },
    /// A recursive WITH query name referenced (11.2+): its definition.
    RecursiveWith { def: Box<RecursiveWith>, alias: Option<Ident> },
    /// The query name inside its own recursive member: the rows of the
    /// iteration before (RECURSIVE WITH PUMP).
    RecursiveRef { name: Ident, alias: Option<Ident> },
}

/// `name (c, ...) AS (anchor UNION ALL member) [SEARCH ...] [CYCLE ...]`.
#[derive(Debug, Clone, PartialEq)]
pub struct RecursiveWith {
    pub name: Ident,
    pub columns: Vec<Ident>,
    /// The branches before the last UNION ALL (a compound query itself, if
    /// several).
    pub anchor: Query,
    /// The last branch: reads `name` once (a `FromItem::RecursiveRef`).
    pub member: Query,
    pub search: Option<SearchClause>,
    pub cycle: Option<CycleClause>,
}

/// `SEARCH {DEPTH | BREADTH} FIRST BY c [ASC|DESC] [NULLS ...], ... SET col`.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchClause {
    pub depth: bool,
    pub by: Vec<OrderItem>,
    pub set: Ident,
}

/// `CYCLE c, ... SET col TO 'Y' DEFAULT 'N'`.
#[derive(Debug, Clone, PartialEq)]
pub struct CycleClause {
    pub columns: Vec<Ident>,
    pub set: Ident,
    pub mark: Expr,
    pub default: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Hint {
    /// `leading(a b)`
    Leading(Vec<Ident>),
    /// `use_nl(a b)`
    UseNl(Vec<Ident>),
    /// `use_hash(b)`: `b` joined by a hash join, the rows so far its build input.
    UseHash(Vec<Ident>),
    /// `use_merge(b)`: `b` joined by a sort-merge join.
    UseMerge(Vec<Ident>),
    /// `swap_join_inputs(b)`: `b` the build input of its hash join.
    SwapJoinInputs(Vec<Ident>),
    /// `no_swap_join_inputs(b)`
    NoSwapJoinInputs(Vec<Ident>),
    /// A subquery's own unnesting hint (`unnest`, `hash_sj`, `nl_aj`, ...).
    Subquery(SubqueryHint),
    /// `opt_param('_nlj_batching_enabled', 0)`
    OptParam {
        name: String,
        value: ParamValue,
    },
    /// `nlj_prefetch(b)`
    NljPrefetch(Vec<Ident>),
    /// `no_nlj_prefetch(b)`
    NoNljPrefetch(Vec<Ident>),
    NljBatching(Vec<Ident>),
    NoNljBatching(Vec<Ident>),
    GatherPlanStatistics,
    /// `full(a)`
    Full(Ident),
    /// `index(a idx)` (and `index_asc`, `index_rs_asc`)
    Index {
        alias: Ident,
        index: Option<Ident>,
    },
    /// `index_desc(a idx)`, `index_ffs(a idx)`, `index_ss(a idx)`,
    /// `no_index(a idx)`, ...: an index hint other than `INDEX`.
    IndexWay {
        alias: Ident,
        index: Option<Ident>,
        way: IndexWay,
    },
    /// `use_hash_aggregation` (true) / `no_use_hash_aggregation` (false).
    UseHashAggregation(bool),
    /// `memoptimize_read`-style or unknown hints: kept, ignored, as Oracle does.
    Other(String),
}

/// What an index hint other than `INDEX` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexWay {
    /// `INDEX_DESC`, `INDEX_RS_DESC`: the index scanned in descending order.
    Desc,
    /// `INDEX_FFS`: INDEX FAST FULL SCAN.
    FastFull,
    /// `INDEX_COMBINE`: a bitmap access through the index (a bitmap
    /// index; the lab refuses it on a B-tree index).
    Combine,
    /// `INDEX_SS`, `INDEX_SS_ASC`: INDEX SKIP SCAN.
    SkipScan,
    /// `INDEX_SS_DESC`: INDEX SKIP SCAN DESCENDING.
    SkipScanDesc,
    /// `NO_INDEX`: the index (every index, without a name) not used.
    No,
    /// `NO_INDEX_FFS`: no fast full scan of it.
    NoFastFull,
    /// `NO_INDEX_SS`: no skip scan of it.
    NoSkipScan,
}

/// Hints a subquery gives about its unnesting into a semi or anti join.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubqueryHint {
    Unnest,
    NoUnnest,
    /// `hash_sj` / `hash_aj`
    Hash,
    /// `nl_sj` / `nl_aj`
    Nl,
    /// `merge_sj` / `merge_aj`
    Merge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Concat,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggregateFunc {
    Max,
    Min,
    Count,
    Sum,
    Avg,
    /// `STDDEV`: the sample standard deviation, 0 for one value.
    Stddev,
    StddevSamp,
    StddevPop,
    /// `VARIANCE`: the sample variance, 0 for one value.
    Variance,
    VarSamp,
    VarPop,
    Median,
    /// `LISTAGG(x [, delimiter]) WITHIN GROUP (ORDER BY ...)`: the
    /// values' text in the group's order ([`WithinGroup`]).
    Listagg,
    /// `PERCENTILE_CONT(p) WITHIN GROUP (ORDER BY x)`: x interpolated at
    /// the fraction p of its sorted values.
    PercentileCont,
    /// `PERCENTILE_DISC(p) WITHIN GROUP (ORDER BY x)`: the first sorted x
    /// whose cumulative distribution reaches p.
    PercentileDisc,
    /// The hypothetical-set aggregates `RANK | DENSE_RANK | CUME_DIST |
    /// PERCENT_RANK (v, ...) WITHIN GROUP (ORDER BY k, ...)`.
    HypRank,
    HypDenseRank,
    CumeDist,
    PercentRank,
}

impl AggregateFunc {
    /// The function's name as written in SQL.
    pub fn name(self) -> &'static str {
        match self {
            AggregateFunc::Max => "MAX",
            AggregateFunc::Min => "MIN",
            AggregateFunc::Count => "COUNT",
            AggregateFunc::Sum => "SUM",
            AggregateFunc::Avg => "AVG",
            AggregateFunc::Stddev => "STDDEV",
            AggregateFunc::StddevSamp => "STDDEV_SAMP",
            AggregateFunc::StddevPop => "STDDEV_POP",
            AggregateFunc::Variance => "VARIANCE",
            AggregateFunc::VarSamp => "VAR_SAMP",
            AggregateFunc::VarPop => "VAR_POP",
            AggregateFunc::Median => "MEDIAN",
            AggregateFunc::Listagg => "LISTAGG",
            AggregateFunc::PercentileCont => "PERCENTILE_CONT",
            AggregateFunc::PercentileDisc => "PERCENTILE_DISC",
            AggregateFunc::HypRank => "RANK",
            AggregateFunc::HypDenseRank => "DENSE_RANK",
            AggregateFunc::CumeDist => "CUME_DIST",
            AggregateFunc::PercentRank => "PERCENT_RANK",
        }
    }

    /// The aggregate named `w` (upper case), if any; LISTAGG and the
    /// PERCENTILEs, which have a syntax of their own (`parser/listagg.rs`),
    /// are not looked up here.
    pub fn lookup(w: &str) -> Option<AggregateFunc> {
        use AggregateFunc::*;
        [Max, Min, Count, Sum, Avg, Stddev, StddevSamp, StddevPop, Variance, VarSamp, VarPop, Median]
            .into_iter()
            .find(|f| f.name() == w)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Number(crate::number::Number, Pos),
    String(String, Pos),
    Null(Pos),
    /// `:1`, `:key` (name without the colon)
    Bind(String, Pos),
    /// `col` or `alias.col`
    Column {
        qualifier: Option<Ident>,
        name: Ident,
    },
    Rownum(Pos),
    Level(Pos),
    /// Function call, name upper-cased, package-qualified names joined with a
    /// dot: `DBMS_RANDOM.VALUE`, `RPAD`, `SUBSTR`.
    Function {
        name: Ident,
        args: Vec<Expr>,
    },
    /// `max(x)`, `count(*)` (arg None), `count(x)`, `count(distinct x)`
    Aggregate {
        func: AggregateFunc,
        arg: Option<Box<Expr>>,
        pos: Pos,
        /// `DISTINCT` (or `UNIQUE`) before the argument.
        distinct: bool,
        /// `WITHIN GROUP (ORDER BY ...)` (LISTAGG, the PERCENTILEs) or
        /// `KEEP (DENSE_RANK FIRST | LAST ORDER BY ...)`.
        within: Option<Box<WithinGroup>>,
    },
    Binary {
        op: BinaryOp,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    Negate(Box<Expr>),
    Not(Box<Expr>),
    /// `x BETWEEN a AND b`
    Between {
        expr: Box<Expr>,
        low: Box<Expr>,
        high: Box<Expr>,
    },
    /// `x IS [NOT] NULL`
    IsNull {
        expr: Box<Expr>,
        negated: bool,
    },
    /// `(SELECT ...)` as a scalar expression.
    Subquery(Box<Query>),
    /// `x [NOT] IN (a, b, ...)`
    InList {
        expr: Box<Expr>,
        list: Vec<Expr>,
        negated: bool,
    },
    /// `x [NOT] IN (SELECT ...)`; `x op ANY | ALL (SELECT ...)` (quant).
    InSubquery {
        expr: Box<Expr>,
        query: Box<Query>,
        negated: bool,
        quant: Option<Quantifier>,
    },
    /// `[NOT] EXISTS (SELECT ...)`
    Exists {
        query: Box<Query>,
        negated: bool,
        pos: Pos,
    },
    /// `x [NOT] LIKE pattern [ESCAPE c]`
    Like {
        expr: Box<Expr>,
        pattern: Box<Expr>,
        escape: Option<Box<Expr>>,
        negated: bool,
    },
    /// `col(+)`: Oracle's outer join operator on a column.
    OuterMark(Box<Expr>),
    /// `CASE [operand] WHEN a THEN b ... [ELSE c] END`
    Case {
        operand: Option<Box<Expr>>,
        whens: Vec<(Expr, Expr)>,
        otherwise: Option<Box<Expr>>,
        pos: Pos,
    },
    /// `f(args) OVER (PARTITION BY ... ORDER BY ... frame)`: an analytic
    /// (window) function (`ast/window.rs`).
    Analytic(Box<Analytic>),
    /// DEFAULT alone in VALUES or SET (the DML puts the column's default there).
    Default(Pos),
}

// ---- analytic (window) functions: `f(args) OVER ([PARTITION BY ...]
// [ORDER BY ... [ROWS | RANGE frame]])`.

/// The function computed over the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindowFunc {
    RowNumber,
    Rank,
    DenseRank,
    Lag,
    Lead,
    FirstValue,
    LastValue,
    Ntile,
    RatioToReport,
    /// SUM, COUNT, AVG, MIN, MAX over the window's frame.
    Agg(AggregateFunc),
}

impl WindowFunc {
    /// The function's name as written in SQL.
    pub fn name(self) -> &'static str {
        match self {
            WindowFunc::RowNumber => "ROW_NUMBER",
            WindowFunc::Rank => "RANK",
            WindowFunc::DenseRank => "DENSE_RANK",
            WindowFunc::Lag => "LAG",
            WindowFunc::Lead => "LEAD",
            WindowFunc::FirstValue => "FIRST_VALUE",
            WindowFunc::LastValue => "LAST_VALUE",
            WindowFunc::Ntile => "NTILE",
            WindowFunc::RatioToReport => "RATIO_TO_REPORT",
            WindowFunc::Agg(a) => a.name(),
        }
    }

    /// The analytic-only function named `w` (upper case), if any.
    pub fn lookup(w: &str) -> Option<WindowFunc> {
        use WindowFunc::*;
        [RowNumber, Rank, DenseRank, Lag, Lead, FirstValue, LastValue, Ntile, RatioToReport]
            .into_iter()
            .find(|f| f.name() == w)
    }
}

/// One end of a window frame.
#[derive(Debug, Clone, PartialEq)]
pub enum FrameBound {
    UnboundedPreceding,
    Preceding(Expr),
    CurrentRow,
    Following(Expr),
    UnboundedFollowing,
}

/// `ROWS | RANGE BETWEEN start AND end` (`ROWS start` is `start AND
/// CURRENT ROW`).
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub rows: bool,
    pub start: FrameBound,
    pub end: FrameBound,
    pub pos: Pos,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Analytic {
    pub func: WindowFunc,
    /// The arguments (none for `COUNT(*)`, ROW_NUMBER, RANK, DENSE_RANK).
    pub args: Vec<Expr>,
    /// `COUNT(*)`.
    pub star: bool,
    pub partition: Vec<Expr>,
    pub order: Vec<OrderItem>,
    pub frame: Option<Frame>,
    pub pos: Pos,
}
