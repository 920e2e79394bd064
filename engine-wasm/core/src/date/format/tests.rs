use super::*;

fn p() -> Pos {
    Pos::default()
}
fn fmt(d: Date, f: &str) -> String {
    Model::parse(f, p()).unwrap().format(d)
}
fn to_date(s: &str, f: &str) -> Result<Date, String> {
    Model::parse(f, p()).and_then(|m| m.parse_date(s, super::super::CLOCK_ZERO, p())).map_err(|e| e.code)
}

#[test]
fn to_char_models() {
    let d = Date::from_civil(Civil { year: 2020, month: 1, day: 5, hour: 14, minute: 7, second: 9 }).unwrap();
    assert_eq!(fmt(d, "DD-MON-RR"), "05-JAN-20");
    assert_eq!(fmt(d, "DD-MON-YYYY HH24:MI:SS"), "05-JAN-2020 14:07:09");
    assert_eq!(fmt(d, "Day, Month DD, YYYY"), "Sunday   , January   05, 2020");
    assert_eq!(fmt(d, "FMDay, Month DD, YYYY"), "Sunday, January 5, 2020");
    assert_eq!(fmt(d, "dy mon hh:mi am"), "sun jan 02:07 pm");
    assert_eq!(fmt(d, "D DDD J Q W WW"), "1 005 2458854 1 1 01");
    assert_eq!(fmt(d, "\"Quarter\" Q"), "Quarter 1");
    assert_eq!(fmt(d, "SSSSS"), "50829");
    // Oracle's canonical form of a DATE constant reads back.
    assert_eq!(fmt(d, "syyyy-mm-dd hh24:mi:ss"), " 2020-01-05 14:07:09");
    assert_eq!(to_date(" 2020-01-05 14:07:09", "syyyy-mm-dd hh24:mi:ss"), Ok(d));
}

#[test]
fn to_date_models_and_errors() {
    let ymd = |y, m, d| Date::ymd(y, m, d).unwrap();
    assert_eq!(to_date("01-JAN-2020", "DD-MON-YYYY"), Ok(ymd(2020, 1, 1)));
    assert_eq!(to_date("1/1/2020", "DD-MM-YYYY"), Ok(ymd(2020, 1, 1)));
    assert_eq!(to_date("31-december-99", "DD-MON-RR"), Ok(ymd(1999, 12, 31)));
    assert_eq!(to_date("31-DEC-49", "DD-MON-RR"), Ok(ymd(2049, 12, 31)));
    assert_eq!(to_date("31-DEC-49", "DD-MON-YY"), Ok(ymd(2049, 12, 31)));
    assert_eq!(to_date("31-DEC-99", "DD-MON-YY"), Ok(ymd(2099, 12, 31)));
    assert_eq!(to_date("01-JAN-2020", "DD-MON-RR"), Ok(ymd(2020, 1, 1)));
    assert_eq!(to_date("2020", "YYYY"), Ok(ymd(2020, 1, 1)));
    assert_eq!(to_date("2020-02-30", "YYYY-MM-DD"), Err(ora::DAY_OF_MONTH_RANGE.code().to_string()));
    assert_eq!(to_date("2020-13-01", "YYYY-MM-DD"), Err(ora::NOT_A_VALID_MONTH.code().to_string()));
    assert_eq!(to_date("01-XYZ-2020", "DD-MON-YYYY"), Err(ora::NOT_A_VALID_MONTH.code().to_string()));
    assert_eq!(to_date("2020-01-01 junk", "YYYY-MM-DD"), Err(ora::FORMAT_ENDS_BEFORE_INPUT.code().to_string()));
    assert_eq!(to_date("2020x01", "YYYY\"-\"MM"), Err(ora::LITERAL_DOES_NOT_MATCH_FORMAT.code().to_string()));
    assert_eq!(to_date("2020", "YYYY-QQX"), Err(ora::DATE_FORMAT_NOT_RECOGNIZED.code().to_string()));
    assert_eq!(to_date("ab", "YYYY"), Err(ora::NON_NUMERIC_WHERE_NUMERIC.code().to_string()));
    let t = to_date("2020-01-01 11:30:15 PM", "YYYY-MM-DD HH:MI:SS AM").unwrap();
    assert_eq!(fmt(t, "HH24:MI:SS"), "23:30:15");
}

#[test]
fn trunc_and_round() {
    let d = Date::from_civil(Civil { year: 2020, month: 8, day: 16, hour: 13, minute: 0, second: 0 }).unwrap();
    let t = |u: &str| fmt(Unit::parse(u, p()).unwrap().trunc(d), "YYYY-MM-DD HH24:MI");
    let r = |u: &str| fmt(Unit::parse(u, p()).unwrap().round(d).unwrap(), "YYYY-MM-DD HH24:MI");
    assert_eq!(t("DD"), "2020-08-16 00:00");
    assert_eq!(t("MM"), "2020-08-01 00:00");
    assert_eq!(t("YYYY"), "2020-01-01 00:00");
    assert_eq!(t("Q"), "2020-07-01 00:00");
    assert_eq!(t("D"), "2020-08-16 00:00"); // a Sunday
    assert_eq!(t("HH"), "2020-08-16 13:00");
    assert_eq!(r("DD"), "2020-08-17 00:00");
    assert_eq!(r("MM"), "2020-09-01 00:00");
    assert_eq!(r("YYYY"), "2021-01-01 00:00");
    assert_eq!(r("Q"), "2020-10-01 00:00");
    assert!(Unit::parse("XX", p()).is_err());
}

#[test]
fn iso_weeks() {
    let d = |y, m, dd| Date::ymd(y, m, dd).unwrap();
    // Sunday 7 January 2024: week 1 (Monday 1 January starts it).
    assert_eq!(fmt(d(2024, 1, 7), "IW IYYY"), "01 2024");
    // Sunday 1 January 2023: the last week of ISO 2022.
    assert_eq!(fmt(d(2023, 1, 1), "IW IYYY IY I"), "52 2022 22 2");
    // Monday 29 December 2014: week 1 of 2015.
    assert_eq!(fmt(d(2014, 12, 29), "IW-IYYY"), "01-2015");
    // Thursday 31 December 2020: week 53.
    assert_eq!(fmt(d(2020, 12, 31), "IW"), "53");
    // TRUNC to IW is the Monday; ROUND goes on from Thursday noon.
    assert_eq!(Unit::parse("IW", p()).unwrap().trunc(d(2024, 5, 15)), d(2024, 5, 13));
    assert_eq!(Unit::parse("iw", p()).unwrap().trunc(d(2024, 5, 13)), d(2024, 5, 13));
    assert_eq!(Unit::parse("IW", p()).unwrap().round(d(2024, 5, 17)), Some(d(2024, 5, 20)));
    assert_eq!(Unit::parse("IW", p()).unwrap().round(d(2024, 5, 16)), Some(d(2024, 5, 13)));
    // ISO elements are output only.
    assert_eq!(to_date("01 2024", "IW YYYY"), Err(ora::FORMAT_CODE_NOT_INPUT.code().to_string()));
}
