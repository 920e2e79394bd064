//! The parser never panics: random bytes, truncated scripts, token soups
//! and pathological nesting all come back as values (statements or errors).
//! Deterministic (xorshift PRNG, fixed seeds), no external crates.

use lio_sql::ast::Pos;
use lio_sql::parse_script;

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SCRIPT: &str = "\
LAB VERSION 19c;
set autotrace traceonly statistics
set arraysize 500
create table t1 (key integer not null, value varchar2(30 char) not null, primary key (key)) storage (buffer_pool keep);
create table t2 (id number, filler varchar2(100), constraint t2_pk primary key (id)) organization index storage (buffer_pool keep);
create cluster c3 (key integer) size 256 single table hashkeys 100000 storage (buffer_pool keep);
create table t3 (key integer not null, value varchar2(30 char) not null) cluster c3 (key);
create table t4 (key integer not null, value varchar2(30 char) not null, primary key (key)) segment creation immediate memoptimize for read;
alter system set memoptimize_pool_size = 100M scope=spfile;
alter session set \"_nlj_batching_enabled\" = 0;
insert into t1 select rownum, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) from xmltable('1 to 100000');
commit;
declare
  v varchar2(30);
begin
  for i in 1..100000 loop
    execute immediate 'select value from t4 where key = :1' into v using i;
  end loop;
  select max(key) into v from t1 where key between 1 and 10 and value is not null;
end;
/
exec dbms_memoptimize.populate(schema_name => user, table_name => 'T4')
select max(b_filler), max(a_filler) from (select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */ a.filler as a_filler, b.filler as b_filler from t2 a, t1 b where a.id = b.id);
/
select level, -(1 + 2) * 3 || 'x' from dual connect by level <= 10 order by 1 desc;
LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 5;
prompt done
";

/// Parse and check the invariants every result must satisfy.
fn check(src: &str) {
    let lines = src.split('\n').count() as u32;
    for u in parse_script(src) {
        let valid = |p: Pos| p.line >= 1 && p.column >= 1 && p.line <= lines;
        assert!(valid(u.pos), "unit position {:?} out of range in {src:?}", u.pos);
        match &u.result {
            Ok(s) => {
                assert_eq!(s.text, u.text);
                assert_eq!(s.pos, u.pos);
            }
            Err(e) => {
                assert!(valid(e.pos), "error position {:?} out of range in {src:?}: {e}", e.pos);
                assert!(e.code.starts_with("ORA-") || e.code.starts_with("LAB-"), "{e}");
                assert!(lio_sql::ora::lookup(&e.code).is_some(), "{e} is not catalogued");
                assert!(!e.message.is_empty());
            }
        }
    }
}

#[test]
fn the_reference_script_parses_cleanly() {
    for u in parse_script(SCRIPT) {
        assert!(u.result.is_ok(), "{:?}: {:?}", u.text, u.result);
    }
}

#[test]
fn every_prefix_and_suffix_of_a_valid_script() {
    let cuts: Vec<usize> = (0..=SCRIPT.len()).filter(|&i| SCRIPT.is_char_boundary(i)).collect();
    for &i in &cuts {
        check(&SCRIPT[..i]);
    }
    for &i in cuts.iter().step_by(7) {
        check(&SCRIPT[i..]);
    }
}

#[test]
fn random_bytes() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    // Bytes biased towards the characters that matter to the lexer.
    let alphabet = b"abcdeklnqstxyzABEQ019_$#'\"`()[]{}<>,.;:=!^~|+-*/%@& \t\n\r\\\xc3\xa9\xff\x00";
    for _ in 0..1500 {
        let len = rng.below(120);
        let bytes: Vec<u8> = (0..len)
            .map(|_| if rng.below(4) == 0 { rng.next() as u8 } else { alphabet[rng.below(alphabet.len())] })
            .collect();
        check(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn token_soups() {
    const WORDS: &[&str] = &[
        "select",
        "from",
        "where",
        "insert",
        "into",
        "values",
        "create",
        "table",
        "cluster",
        "index",
        "unique",
        "on",
        "alter",
        "system",
        "session",
        "set",
        "drop",
        "begin",
        "end",
        "declare",
        "for",
        "in",
        "loop",
        "execute",
        "immediate",
        "using",
        "exec",
        "lab",
        "run",
        "bind",
        "to",
        "via",
        "version",
        "and",
        "or",
        "not",
        "between",
        "is",
        "null",
        "as",
        "join",
        "connect",
        "by",
        "level",
        "rownum",
        "group",
        "order",
        "desc",
        "storage",
        "buffer_pool",
        "keep",
        "organization",
        "hashkeys",
        "size",
        "memoptimize",
        "read",
        "number",
        "varchar2",
        "integer",
        "char",
        "date",
        "primary",
        "key",
        "constraint",
        "xmltable",
        "dual",
        "max",
        "count",
        "t1",
        "a",
        "b",
        "dbms_random.value",
        "'1 to 10'",
        "'x'",
        "''",
        "0",
        "1",
        "100M",
        "1e3",
        ":1",
        ":key",
        "\"Q\"",
        "(",
        ")",
        "(",
        ")",
        ",",
        ".",
        "..",
        ";",
        ":=",
        "=>",
        "=",
        "<>",
        "<=",
        "||",
        "+",
        "-",
        "*",
        "/",
        "/*+ full(a) */",
        "--x\n",
        "\n",
        "\n/\n",
        "@",
        "%",
        "set autotrace on\n",
        "prompt x\n",
        "exec p\n",
    ];
    let mut rng = XorShift(0xDEAD_BEEF_CAFE_F00D);
    for _ in 0..3000 {
        let n = 1 + rng.below(30);
        let mut s = String::new();
        for _ in 0..n {
            s.push_str(WORDS[rng.below(WORDS.len())]);
            s.push(' ');
        }
        check(&s);
    }
}

#[test]
fn mutated_scripts() {
    let mut rng = XorShift(42);
    let base = SCRIPT.as_bytes();
    for _ in 0..300 {
        let mut b = base.to_vec();
        for _ in 0..1 + rng.below(5) {
            let at = rng.below(b.len());
            match rng.below(3) {
                0 => {
                    b.remove(at);
                }
                1 => b.insert(at, b"();,'\"/-*:.x1\n"[rng.below(14)]),
                _ => b.swap(at, rng.below(base.len())),
            }
        }
        check(&String::from_utf8_lossy(&b));
    }
}

/// Run `f` on a thread with only 1 MiB of stack (half of what test threads
/// get), so the nesting cap is shown to leave a margin even in debug builds.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(1 << 20).spawn(f).unwrap().join().unwrap();
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    on_small_stack(deep_nesting);
}

fn deep_nesting() {
    for (open, close) in [("(", ")"), ("not ", ""), ("- ", ""), ("(select ", " from dual)")] {
        let src = format!("select {}1{} from dual;", open.repeat(5000), close.repeat(5000));
        let r = parse_script(&src).remove(0).result;
        assert_eq!(r.unwrap_err().code, "LAB-00001", "{open}");
    }
    let src = format!("begin {} null; {} end;\n/", "begin ".repeat(5000), "end; ".repeat(5000));
    assert_eq!(parse_script(&src).remove(0).result.unwrap_err().code, "LAB-00001");
    let src = format!("begin {} null; {} end;\n/", "for i in 1..2 loop ".repeat(5000), "end loop; ".repeat(5000));
    assert_eq!(parse_script(&src).remove(0).result.unwrap_err().code, "LAB-00001");
    let src = format!("select * from {}dual{};", "(select * from ".repeat(5000), ")".repeat(5000));
    assert_eq!(parse_script(&src).remove(0).result.unwrap_err().code, "LAB-00001");
    // Mixed: every kind of level in one statement, just below and far above the cap.
    for n in [1, 5, 20, 60, 1000] {
        let level = "(select max(-(not_a_col)) from (select * from ";
        let src = format!("select {}1{} from dual;", level.repeat(n), ")) x where 1 = (1))".repeat(n));
        let _ = parse_script(&src);
        let src = format!(
            "begin {} null; {} end;\n/",
            "for i in 1..(2) loop begin x := -(1); ".repeat(n),
            "end; end loop; ".repeat(n)
        );
        let _ = parse_script(&src);
    }
    // Moderate nesting is fine.
    let src = format!("select {}1{} from dual;", "(".repeat(150), ")".repeat(150));
    assert!(parse_script(&src).remove(0).result.is_ok());
    let src = format!("select {}1{} from dual;", "(select ".repeat(30), " from dual)".repeat(30));
    assert!(parse_script(&src).remove(0).result.is_ok());
}

#[test]
fn long_flat_inputs_are_fine() {
    let words = vec!["word"; 50000].join(" ");
    for cmd in ["prompt", "set", "rem", "connect", "exec"] {
        let _ = parse_script(&format!("{cmd} {words}\n"));
    }
    let _ = parse_script(&format!("begin {} end;\n/", "null; ".repeat(50000)));
    let _ = parse_script(&format!("lab run '{}' runs 1;", "x".repeat(100000)));
    // Wide is fine; long chains are deep trees (tests/depth.rs): refused.
    let src = format!("select {} from dual;", vec!["1"; 20000].join(", "));
    assert!(parse_script(&src).remove(0).result.is_ok());
    let src = format!("insert into t values ({});", vec!["1 + 1"; 20000].join(", "));
    assert!(parse_script(&src).remove(0).result.is_ok());
    let src = format!("select {} from dual;", vec!["1"; 20000].join(" + "));
    assert_eq!(parse_script(&src).remove(0).result.unwrap_err().code, "LAB-00032");
    let src = format!("select 1 from dual where {};", vec!["a = 1"; 5000].join(" and "));
    assert_eq!(parse_script(&src).remove(0).result.unwrap_err().code, "LAB-00032");
}

/// Parse `src` on a small stack within a time bound (generous: debug builds
/// and a shared machine), returning the first unit's error code.
fn bounded(what: &str, src: String) -> Option<String> {
    let start = std::time::Instant::now();
    let code = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let units = parse_script(&src);
            units.into_iter().next().and_then(|u| u.result.err()).map(|e| e.code)
        })
        .unwrap()
        .join()
        .unwrap_or_else(|_| panic!("{what}: panicked"));
    assert!(start.elapsed() < std::time::Duration::from_secs(30), "{what}: took {:?}", start.elapsed());
    code
}

#[test]
fn pathological_inputs_are_bounded() {
    const MB: usize = 1 << 20;
    let open = "(".repeat(100_000);
    assert_eq!(bounded("100k (", format!("select {open}1 from dual;")).as_deref(), Some("LAB-00001"));
    assert_eq!(bounded("100k ( alone", open.clone()).as_deref(), Some("ORA-00900"));
    assert_eq!(bounded("100k ( of subqueries", "(select ".repeat(100_000)).as_deref(), Some("LAB-00001"));
    assert_eq!(bounded("100k ( in PL/SQL", format!("begin x := {open}1; end;\n/")).as_deref(), Some("LAB-00001"));
    let close = ")".repeat(100_000);
    assert!(bounded("100k )", format!("select 1{close} from dual;")).is_some());
    // About 1 MB of tokens in one statement, of every shape.
    let n = MB / 4;
    assert_eq!(
        bounded("1 MB of +", format!("select {} from dual;", vec!["1"; n].join(" + "))).as_deref(),
        Some("LAB-00032")
    );
    assert_eq!(bounded("1 MB of items", format!("select {} from dual;", vec!["1"; n / 2].join(", "))), None);
    assert_eq!(bounded("1 MB of -", format!("select {}1 from dual;", "- ".repeat(n))).as_deref(), Some("LAB-00001"));
    assert_eq!(
        bounded("1 MB of NOT", format!("select 1 from dual where {}1 = 1;", "not ".repeat(n / 2))).as_deref(),
        Some("LAB-00001")
    );
    assert_eq!(bounded("1 MB of null;", format!("begin {} end;\n/", "null; ".repeat(n / 2))), None);
    assert!(bounded("1 MB of joins", format!("select 1 from t0 {};", "join t on c ".repeat(n / 4))).is_some());
    assert!(bounded("1 MB of commas", ",".repeat(MB)).is_some());
    assert!(bounded("1 MB of words", "x ".repeat(MB / 2)).is_some());
    assert!(bounded("1 MB of quotes", "'".repeat(MB)).is_some());
    // Many units: `;` and `/` lines used to rescan the whole line per unit.
    assert!(bounded("1 MB of ;", ";".repeat(MB)).is_none());
    assert!(bounded("1 MB of x;", "x;".repeat(MB / 2)).is_some());
    assert!(bounded("1 MB of / lines", "/\n".repeat(MB / 2)).is_none());
    assert!(bounded("1 MB of prompt lines", "prompt x\n".repeat(MB / 9)).is_none());
    assert!(bounded("1 MB of SQL and / lines", "select 1 from dual\n/\n".repeat(MB / 21)).is_none());
    assert!(bounded("1 MB of hints", format!("select /*+ {} */ 1 from dual;", "full(t) ".repeat(n / 2))).is_none());
    assert!(bounded("1 MB of LAB RUN", format!("lab run '{}' runs 1;", "x".repeat(MB))).is_none());
    // A megabyte of random tokens from the soup.
    let mut rng = XorShift(7);
    let soup = ["select", "(", ")", "1", "+", "or", "from", "dual", ";", "begin", "end", "'x'", ",", "\n/\n", "lab"];
    let mut s = String::with_capacity(MB + 16);
    while s.len() < MB {
        s.push_str(soup[rng.below(soup.len())]);
        s.push(' ');
    }
    let _ = bounded("1 MB soup", s);
}
