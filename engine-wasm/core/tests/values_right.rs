//! Datatype semantics, right or refused (issue 28): blank-padded CHAR,
//! character-to-number conversion errors, declared lengths and limits.

mod common;
use common::*;
use lio_core::StepOut;
use serde_json::json;

fn err(s: &StepOut) -> String {
    s.error.as_ref().map(|e| format!("{}: {}", e.code, e.message)).unwrap_or_default()
}

fn run(script: &str) -> Vec<StepOut> {
    quiet_engine().exec(script)
}

// ------------------------------------------------------------ CHAR(n)

/// Oracle stores CHAR(n) blank-padded to n: LENGTH, VSIZE and DUMP say n.
/// https://docs.oracle.com/en/database/oracle/oracle-database/19/sqlrf/Data-Types.html
/// ("CHAR Data Type": "Oracle ... blank-pads the value to column length")
#[test]
fn char_values_are_blank_padded() {
    let steps = run("create table t (id number, c char(10), v varchar2(10), padding char(2000));\n\
         insert into t values (1, 'A', 'A', 'x');\n\
         select length(c), length(v), length(padding), vsize(c), vsize(v), vsize(id) from t;\n\
         select c || '|', dump(c), dump(v), dump(id), dump('abc'), dump(c, 16) from t;\n\
         update t set c = 'BC';\n\
         select length(c), dump(c) from t;");
    ok(&steps);
    assert_eq!(steps[2].rows[0], [json!(10), json!(1), json!(2000), json!(10), json!(1), json!(2)]);
    assert_eq!(steps[3].rows[0][0], json!("A         |"));
    assert_eq!(steps[3].rows[0][1], json!("Typ=96 Len=10: 65,32,32,32,32,32,32,32,32,32"));
    assert_eq!(steps[3].rows[0][2], json!("Typ=1 Len=1: 65"));
    assert_eq!(steps[3].rows[0][3], json!("Typ=2 Len=2: 193,2"));
    // A literal is CHAR (type 96).
    assert_eq!(steps[3].rows[0][4], json!("Typ=96 Len=3: 97,98,99"));
    assert_eq!(steps[3].rows[0][5], json!("Typ=96 Len=10: 41,20,20,20,20,20,20,20,20,20"));
    assert_eq!(steps[5].rows[0], [json!(10), json!("Typ=96 Len=10: 66,67,32,32,32,32,32,32,32,32")]);
}

/// NUMBER's internal bytes as DUMP prints them (values from Oracle's
/// documentation of the format and common dumps: 1 is c1,2; -1 is 3e,64,66).
#[test]
fn dump_of_numbers_and_nulls() {
    let steps =
        run("select dump(0), dump(1, 16), dump(-1, 16), dump(123), dump(.5), dump(-12.5), dump(null) from dual;\n\
         select dump('x', 1010) from dual;");
    assert!(steps[0].error.is_none(), "{}", err(&steps[0]));
    assert_eq!(
        steps[0].rows[0],
        [
            json!("Typ=2 Len=1: 128"),
            json!("Typ=2 Len=2: c1,2"),
            json!("Typ=2 Len=3: 3e,64,66"),
            json!("Typ=2 Len=3: 194,2,24"),
            json!("Typ=2 Len=2: 192,51"),
            json!("Typ=2 Len=4: 62,89,51,102"),
            json!("NULL"),
        ]
    );
    // Formats with a character set name are refused, not guessed.
    assert!(err(&steps[1]).starts_with("LAB-00001"), "{}", err(&steps[1]));
}

/// Rows of a CHAR(2000) table are 2,000 bytes wide whatever is stored: a
/// blog's `padding char(2000)` sizes the table (3 rows per 8 KB block).
#[test]
fn char_columns_size_rows_and_blocks() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, padding char(2000));\n\
         insert into t select level, 'x' from dual connect by level <= 300;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T')",
    ));
    let t = e.catalog().table("T").unwrap();
    // 3 (row header) + 3 (id, 1..300) + 2003 (length bytes and 2,000 bytes).
    assert!((2008..=2010).contains(&t.stats.avg_row_len), "{}", t.stats.avg_row_len);
    // 3 rows per block: 100 data blocks (plus the segment header).
    assert_eq!(e.catalog().table_blocks(t), 101);
}

/// Blank-padded comparison when neither side is VARCHAR2 (a CHAR column,
/// a literal); non-padded when one side is VARCHAR2.
/// https://docs.oracle.com/en/database/oracle/oracle-database/19/sqlrf/Data-Type-Comparison-Rules.html
/// ("Blank-Padded and Nonpadded Comparison Semantics")
#[test]
fn char_comparison_semantics() {
    let steps = run("create table t (id number, c char(10), v varchar2(10), c5 char(5));\n\
         insert into t values (1, 'A', 'A', 'A');\n\
         select count(*) from t where c = 'A';\n\
         select count(*) from t where c = 'A   ';\n\
         select count(*) from t where c = v;\n\
         select count(*) from t where c = c5;\n\
         select count(*) from t where c in ('B', 'A');\n\
         select count(*) from t where c between 'A' and 'A';\n\
         select count(*) from t where v = 'A ';\n\
         select count(*) from dual where 'a ' = 'a';\n\
         select count(*) from t where c > 'A';\n\
         select count(*) from dual where 'ab' = 'ab';\n\
         select count(*) from t where c5 = 'A    ';");
    ok(&steps);
    let counts: Vec<i64> = steps[2..].iter().map(|s| s.rows[0][0].as_i64().unwrap()).collect();
    assert_eq!(counts, [1, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1]);
}

/// A CHAR column's index is used with a literal, and the predicate prints
/// the literal as written. (10,000 rows: with 1,000 the table is 3 blocks
/// and its full scan, cost 2, is cheaper than the index's 3, as in Oracle.)
#[test]
fn char_literal_probes_the_index() {
    let steps = run("create table t (id number, c char(10));\n\
         insert into t select level, 'K' || level from dual connect by level <= 10000;\n\
         create index t_c on t (c);\n\
         exec dbms_stats.gather_table_stats(user, 'T')\n\
         select id from t where c = 'K42';");
    ok(&steps);
    assert_eq!(steps[4].rows, [[json!(42)]]);
    let range = steps[4].plan.iter().find(|l| l.operation == "INDEX RANGE SCAN").expect("index range scan");
    assert_eq!(range.access.as_deref(), Some("\"C\"='K42'"));
}

/// PL/SQL CHAR variables: padded on assignment, blank-padded comparison
/// with a literal, non-padded with a VARCHAR2 variable.
#[test]
fn plsql_char_variables() {
    let steps = run("set serveroutput on\n\
         declare c char(5) := 'ab'; v varchar2(5) := 'ab'; begin\n\
           dbms_output.put_line('[' || c || '] ' || length(c));\n\
           if c = 'ab' then dbms_output.put_line('literal: equal'); end if;\n\
           if c = v then dbms_output.put_line('varchar2: equal'); else dbms_output.put_line('varchar2: not equal'); end if;\n\
         end;\n/");
    ok(&steps);
    assert_eq!(steps[1].output, ["[ab   ] 5", "literal: equal", "varchar2: not equal"]);
}

// ------------------------------------------------------------ ORA-01722

/// `where id = 'abc'` on a NUMBER column: ORA-01722 when a row is
/// compared, through an index probe too; an empty table gives no error.
#[test]
fn text_that_is_not_a_number_raises_invalid_number() {
    let steps = run("create table t (id number primary key, v varchar2(10));\n\
         create table e (id number);\n\
         insert into t select level, 'x' from dual connect by level <= 10;\n\
         select * from t where id = 'abc';\n\
         select count(*) from t where id > 'abc';\n\
         select count(*) from t where id in (1, 'abc');\n\
         select count(*) from t where id between 'a' and 'b';\n\
         select count(*) from t where v = 1;\n\
         select count(*) from e where id = 'abc';\n\
         select count(*) from t where id = ' 5 ';\n\
         select count(*) from t where id = 'NaN';\n\
         select to_number('inf') from dual;\n\
         select 'abc' + 1 from dual;\n\
         insert into t (id) values ('x');\n\
         insert into t (id) values ('Infinity');");
    for i in [3, 4, 5, 6, 7, 10, 11, 12, 13, 14] {
        assert!(err(&steps[i]).starts_with("ORA-01722: invalid number"), "step {i}: {:?}", steps[i].error);
    }
    assert!(steps[8].error.is_none());
    assert_eq!(steps[8].rows, [[json!(0)]]);
    // Blanks around a number are allowed.
    assert_eq!(steps[9].rows, [[json!(1)]]);
    // The position is the comparison's.
    assert_eq!(error_of(&steps[3]), ("ORA-01722", 4, 23));
}

/// The conversion shows in the plan as Oracle's: a literal that is a
/// number is folded, a character column gets TO_NUMBER (and no index).
#[test]
fn implicit_conversion_in_predicates() {
    let steps = run("create table t (id number primary key, v varchar2(10));\n\
         create index t_v on t (v);\n\
         insert into t select level, level from dual connect by level <= 100;\n\
         exec dbms_stats.gather_table_stats(user, 'T')\n\
         set autotrace on explain\n\
         select id from t where id = '5';\n\
         select id from t where v = 5;");
    ok(&steps);
    let pred = |s: &StepOut| s.plan.iter().find_map(|l| l.access.clone().or(l.filter.clone())).unwrap_or_default();
    assert_eq!(steps[5].rows, [[json!(5)]]);
    assert_eq!(pred(&steps[5]), "\"ID\"=5");
    assert_eq!(steps[6].rows, [[json!(5)]]);
    assert_eq!(pred(&steps[6]), "TO_NUMBER(\"V\")=5");
    assert!(steps[6].plan.iter().all(|l| l.name.as_deref() != Some("T_V")));
}

/// PL/SQL: text assigned to a NUMBER variable is ORA-06502.
#[test]
fn plsql_character_to_number_conversion_error() {
    let steps = run("declare n number; begin n := 'abc'; end;\n/\n\
         declare n number(3); begin n := 1000; end;\n/\n\
         declare n number(5,2); begin n := '1.234'; dbms_output.put_line(n); end;\n/");
    // Unhandled in an anonymous block: the error stack ends `ORA-06512: at line N`.
    assert_eq!(
        err(&steps[0]),
        "ORA-06502: PL/SQL: numeric or value error: character to number conversion error\nORA-06512: at line 1"
    );
    assert_eq!(
        err(&steps[1]),
        "ORA-06502: PL/SQL: numeric or value error: number precision too large\nORA-06512: at line 1"
    );
    assert!(steps[2].error.is_none(), "{}", err(&steps[2]));
}

// ------------------------------------------------------------ limits

/// Declared lengths: a VARCHAR2(10) variable or column holds at most 10.
#[test]
fn declared_lengths_are_enforced() {
    let steps = run("declare v varchar2(10); begin v := rpad('x', 100); end;\n/\n\
         declare v varchar2(10); begin select rpad('x', 11) into v from dual; end;\n/\n\
         declare c char(3); begin c := 'abcd'; end;\n/\n\
         create table t (c varchar2(10), d char(2));\n\
         insert into t (c) values (rpad('x', 100));\n\
         insert into t (d) values ('abc');\n\
         declare v varchar2(10); begin v := rpad('x', 10); end;\n/");
    for s in &steps[..3] {
        assert_eq!(
            err(s),
            "ORA-06502: PL/SQL: numeric or value error: character string buffer too small\nORA-06512: at line 1"
        );
    }
    assert_eq!(err(&steps[4]), "ORA-12899: value too large for column \"LAB\".\"T\".\"C\" (actual: 100, maximum: 10)");
    assert_eq!(err(&steps[5]), "ORA-12899: value too large for column \"LAB\".\"T\".\"D\" (actual: 3, maximum: 2)");
    assert!(steps[6].error.is_none());
}

/// Concatenation: 4,000 bytes in SQL (ORA-01489), 32,767 in PL/SQL.
#[test]
fn concatenation_limits() {
    let steps = run("select rpad('x', 4000) || 'y' from dual;\n\
         select length(rpad('x', 3999) || 'y') from dual;\n\
         select length(concat(rpad('x', 4000), 'y')) from dual;\n\
         set serveroutput on\n\
         declare v varchar2(32767); begin v := rpad('x', 4000); v := v || 'x'; dbms_output.put_line(length(v)); end;\n/\n\
         declare v varchar2(32767); begin v := rpad('x', 32767); v := v || 'x'; end;\n/");
    assert_eq!(error_of(&steps[0]), ("ORA-01489", 1, 8));
    assert_eq!(err(&steps[0]), "ORA-01489: result of string concatenation is too long");
    assert_eq!(steps[1].rows, [[json!(4000)]]);
    assert!(err(&steps[2]).starts_with("ORA-01489"));
    assert_eq!(steps[4].output, ["4001"]);
    assert_eq!(
        err(&steps[5]),
        "ORA-06502: PL/SQL: numeric or value error: character string buffer too small\nORA-06512: at line 1"
    );
}

/// Datatype lengths and the column count at CREATE TABLE.
#[test]
fn ddl_limits() {
    let cols: Vec<String> = (1..=1001).map(|i| format!("c{i} number")).collect();
    let steps = run(&format!(
        "create table a (v varchar2(4001));\n\
         create table b (v char(2001));\n\
         create table c (v varchar2(4000), w char(2000));\n\
         create table wide ({});\n\
         create table ok1000 ({})",
        cols.join(", "),
        cols[..1000].join(", ")
    ));
    assert_eq!(err(&steps[0]), "ORA-00910: specified length too long for its datatype");
    assert_eq!(error_of(&steps[0]), ("ORA-00910", 1, 28));
    assert_eq!(err(&steps[1]), "ORA-00910: specified length too long for its datatype");
    assert!(steps[2].error.is_none());
    assert_eq!(err(&steps[3]), "ORA-01792: maximum number of columns in a table or view is 1000");
    assert!(steps[4].error.is_none(), "{}", err(&steps[4]));
}

/// NUMBER(p,s): rounded to the scale, ORA-01438 past the precision.
#[test]
fn number_precision_and_scale() {
    let steps = run("create table n (a number(5,2), b number(3), c number(2,-2));\n\
         insert into n (a) values (1.234);\n\
         insert into n (a) values (999.995);\n\
         insert into n (b) values (12.5);\n\
         insert into n (b) values (1000);\n\
         insert into n (c) values (9949);\n\
         select a, b, c from n;");
    assert!(steps[1].error.is_none());
    assert_eq!(err(&steps[2]), "ORA-01438: value larger than specified precision allowed for this column");
    assert!(steps[3].error.is_none());
    assert!(err(&steps[4]).starts_with("ORA-01438"));
    assert!(steps[5].error.is_none());
    assert_eq!(
        steps[6].rows,
        [
            [json!(1.23), json!(null), json!(null)],
            [json!(null), json!(13), json!(null)],
            [json!(null), json!(null), json!(9900)]
        ]
    );
}

// ------------------------------------------------------------ siblings

/// Other places a value is used as a number or a type is inferred: the
/// row generator's limit, a FOR loop's bounds, UNION ALL's columns.
#[test]
fn conversion_siblings() {
    let steps = run("select count(*) from dual connect by level <= 'abc';\n\
         select count(*) from dual connect by level <= '3';\n\
         begin for i in 'a' .. 3 loop null; end loop; end;\n/\n\
         select 'a' from dual union all select 1 from dual;\n\
         select max(id) from (select 'a' id from dual union all select 1 from dual);\n\
         select 1 from dual union all select null from dual;");
    assert!(err(&steps[0]).starts_with("ORA-01722"), "{}", err(&steps[0]));
    assert_eq!(steps[1].rows, [[json!(3)]]);
    assert_eq!(
        err(&steps[2]),
        "ORA-06502: PL/SQL: numeric or value error: character to number conversion error\nORA-06512: at line 1"
    );
    assert_eq!(err(&steps[3]), "ORA-01790: expression must have same datatype as corresponding expression");
    assert_eq!(error_of(&steps[3]), ("ORA-01790", 5, 8));
    assert!(err(&steps[4]).starts_with("ORA-01790"), "{}", err(&steps[4]));
    assert!(steps[5].error.is_none(), "{}", err(&steps[5]));
}

/// A tablespace's datafile SIZE holds its tables: past it, ORA-01653 (and
/// the statement's rows are not inserted); a file too small for its
/// header and one extent is ORA-03214.
#[test]
fn tablespace_size_is_enforced() {
    let steps = run("create tablespace tiny datafile '+DATA' size 1;\n\
         create tablespace small datafile '+DATA' size 2m;\n\
         create table t (id number, padding varchar2(1000)) tablespace small;\n\
         insert into t select level, rpad('x', 1000) from dual connect by level <= 100000;\n\
         select count(*) from t;\n\
         insert into t select level, rpad('x', 1000) from dual connect by level <= 500;\n\
         insert into t select level, rpad('x', 1000) from dual connect by level <= 500;\n\
         create tablespace least datafile '+DATA' size 1088k;\n\
         create table a (id number, padding varchar2(1000)) tablespace least;\n\
         create table b (id number) tablespace least;\n\
         insert into a select level, rpad('x', 1000) from dual connect by level <= 35;\n\
         insert into b values (1);\n\
         insert into a values (36, rpad('x', 1000));");
    assert_eq!(err(&steps[0]), "ORA-03214: File Size specified is smaller than minimum required");
    assert!(steps[1].error.is_none());
    // 2 MB less the 1 MB header (11.2+): 128 blocks, the first 16 extents
    // of 64 KB; the 17th (1 MB) does not fit.
    assert_eq!(err(&steps[3]), "ORA-01653: unable to extend table LAB.T by 128 in tablespace SMALL");
    assert_eq!(steps[4].rows, [[json!(0)]]);
    assert!(steps[5].error.is_none(), "{}", err(&steps[5]));
    assert_eq!(err(&steps[6]), "ORA-01653: unable to extend table LAB.T by 128 in tablespace SMALL");
    // 1 MB + 64 KB: room for one 64 KB extent, which A takes. Its first
    // 3 blocks are the ASSM L1, L2 and segment header, 5 are for data: a
    // row of 3 + 3 + 1,003 bytes and its 2-byte directory entry, 1,011,
    // goes 7 times into a block's 7,259 (8,192 less 114 and PCTFREE's
    // 819), so the extent holds 35 rows (the test inserted 40 when the
    // lab's segment was its header and data blocks: 6 data blocks, now a
    // second extent).
    assert!(steps[7].error.is_none(), "{}", err(&steps[7]));
    assert!(steps[10].error.is_none(), "{}", err(&steps[10]));
    assert_eq!(err(&steps[11]), "ORA-01658: unable to create INITIAL extent for segment in tablespace LEAST");
    // The 36th row needs a sixth data block: a second 64 KB extent.
    assert_eq!(err(&steps[12]), "ORA-01653: unable to extend table LAB.A by 8 in tablespace LEAST");
}

/// INSERT ... SELECT stores a row whose packed columns already fit the
/// table without decoding it; every column that does not fit goes through
/// the conversion and its errors: a string too long (ORA-12899), a NULL in
/// a NOT NULL column (ORA-01400), a number too large for NUMBER(3)
/// (ORA-01438), a number rounded to NUMBER(3)'s scale, text into a NUMBER
/// and a number into a VARCHAR2.
#[test]
fn insert_select_converts_what_does_not_fit() {
    let steps = run("create table t (n number(3), v varchar2(3), m number not null, d date);\n\
         insert into t select 1.6, 'abc', 1, date '2020-01-01' from dual;\n\
         insert into t select 1, 'abcd', 1, null from dual;\n\
         insert into t select 1, 'a', null, null from dual;\n\
         insert into t select 1000, 'a', 1, null from dual;\n\
         insert into t select '7', 42, '8', null from dual;\n\
         select n, v, m, dump(v), dump(m) from t order by m;");
    assert!(steps[1].error.is_none(), "{}", err(&steps[1]));
    assert!(err(&steps[2]).starts_with("ORA-12899: "), "{}", err(&steps[2]));
    assert!(err(&steps[3]).starts_with("ORA-01400: "), "{}", err(&steps[3]));
    assert!(err(&steps[4]).starts_with("ORA-01438: "), "{}", err(&steps[4]));
    assert!(steps[5].error.is_none(), "{}", err(&steps[5]));
    assert_eq!(steps[6].rows[0][..3], [json!(2), json!("abc"), json!(1)]);
    assert_eq!(steps[6].rows[1][..3], [json!(7), json!("42"), json!(8)]);
    assert_eq!(steps[6].rows[1][3], json!("Typ=1 Len=2: 52,50"));
    assert_eq!(steps[6].rows[1][4], json!("Typ=2 Len=2: 193,9"));
}
