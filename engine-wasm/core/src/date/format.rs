//! Datetime format models: `TO_CHAR(date, fmt)`, `TO_DATE(str, fmt)` and
//! the units of `TRUNC`/`ROUND(date, fmt)`, with Oracle's errors.
//!
//! Elements: `YYYY YYY YY Y RRRR RR CC MONTH MON MM DDD DD D DAY DY J HH
//! HH12 HH24 MI SS SSSSS AM PM A.M. P.M. Q WW W FM FX`, punctuation
//! (`- / , . ; :` and blank) and `"quoted text"`. Names are English
//! (NLS_DATE_LANGUAGE AMERICAN) and weeks start on Sunday (territory
//! AMERICA: `D` is 1 on a Sunday). A name's case follows the element's:
//! `MON` gives JAN, `Mon` Jan, `mon` jan. Parsing is Oracle's default
//! (not FX): a number may have fewer digits than its element, any
//! punctuation matches any, a month may be named in full or abbreviated,
//! and a two-digit year read by `RR` is the one nearest the current
//! year's century (00-49 and 50-99 split at the century's middle).

use super::{days_in_month, Civil, Date, DAY};
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

const MONTHS: [&str; 12] = [
    "JANUARY",
    "FEBRUARY",
    "MARCH",
    "APRIL",
    "MAY",
    "JUNE",
    "JULY",
    "AUGUST",
    "SEPTEMBER",
    "OCTOBER",
    "NOVEMBER",
    "DECEMBER",
];
const DAYS: [&str; 7] = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"];

/// How a name is capitalised: as the element was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Case {
    Upper,
    Initial,
    Lower,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum El {
    /// `Y`, `YY`, `YYY`, `YYYY`: the year's last n digits.
    Year(u8),
    /// `SYYYY`: a blank (the sign of an AD year) and four digits.
    SignedYear,
    /// `RR` (2) or `RRRR` (4).
    RoundYear(u8),
    Century,
    Month(Case),
    Mon(Case),
    MonthNum,
    DayOfMonth,
    DayOfYear,
    DayOfWeek,
    Day(Case),
    Dy(Case),
    Julian,
    Hour12,
    Hour24,
    Minute,
    Second,
    SecondsOfDay,
    /// `AM`/`PM` (false) or `A.M.`/`P.M.` (true).
    Meridian(Case, bool),
    Quarter,
    WeekOfYear,
    WeekOfMonth,
    /// `IW`: the ISO 8601 week (1-53, weeks start on Monday).
    IsoWeek,
    /// `IYYY`, `IYY`, `IY`, `I`: the ISO year's last n digits.
    IsoYear(u8),
    FillMode,
    Exact,
    Punct(char),
    Text(String),
}

fn case_of(s: &str) -> Case {
    let mut c = s.chars().filter(|c| c.is_ascii_alphabetic());
    match (c.next(), c.next()) {
        (Some(a), _) if a.is_ascii_lowercase() => Case::Lower,
        (Some(_), Some(b)) if b.is_ascii_lowercase() => Case::Initial,
        _ => Case::Upper,
    }
}

/// Elements by their spelling, longest first where one starts another.
const SPELLINGS: &[&str] = &[
    "SYYYY", "YYYY", "YYY", "YY", "Y", "RRRR", "RR", "CC", "MONTH", "MON", "MM", "DDD", "DD", "DAY", "DY", "D", "J",
    "HH24", "HH12", "HH", "MI", "SSSSS", "SS", "A.M.", "P.M.", "AM", "PM", "Q", "WW", "W", "FM", "FX", "IYYY", "IYY",
    "IY", "IW", "I",
];

/// A parsed format model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Model(Vec<El>);

impl Model {
    /// Parses `fmt`; ORA-01821 for what is no element.
    pub fn parse(fmt: &str, pos: Pos) -> Result<Model, LabError> {
        let bad = || LabError::new(ora::DATE_FORMAT_NOT_RECOGNIZED, pos);
        let mut out = Vec::new();
        let mut rest = fmt;
        while let Some(c) = rest.chars().next() {
            if c == '"' {
                let end = rest[1..].find('"').ok_or_else(bad)?;
                out.push(El::Text(rest[1..1 + end].to_string()));
                rest = &rest[end + 2..];
                continue;
            }
            if matches!(c, '-' | '/' | ',' | '.' | ';' | ':' | ' ') {
                out.push(El::Punct(c));
                rest = &rest[1..];
                continue;
            }
            let spelt = SPELLINGS
                .iter()
                .find(|s| {
                    rest.len() >= s.len() && rest.is_char_boundary(s.len()) && rest[..s.len()].eq_ignore_ascii_case(s)
                })
                .ok_or_else(bad)?;
            let case = case_of(&rest[..spelt.len()]);
            out.push(match *spelt {
                // The signed year: years here are AD, its sign a blank.
                "SYYYY" => El::SignedYear,
                "YYYY" => El::Year(4),
                "YYY" => El::Year(3),
                "YY" => El::Year(2),
                "Y" => El::Year(1),
                "RRRR" => El::RoundYear(4),
                "RR" => El::RoundYear(2),
                "CC" => El::Century,
                "MONTH" => El::Month(case),
                "MON" => El::Mon(case),
                "MM" => El::MonthNum,
                "DDD" => El::DayOfYear,
                "DD" => El::DayOfMonth,
                "DAY" => El::Day(case),
                "DY" => El::Dy(case),
                "D" => El::DayOfWeek,
                "J" => El::Julian,
                "HH24" => El::Hour24,
                "HH12" | "HH" => El::Hour12,
                "MI" => El::Minute,
                "SSSSS" => El::SecondsOfDay,
                "SS" => El::Second,
                "A.M." | "P.M." => El::Meridian(case, true),
                "AM" | "PM" => El::Meridian(case, false),
                "Q" => El::Quarter,
                "WW" => El::WeekOfYear,
                "W" => El::WeekOfMonth,
                "IW" => El::IsoWeek,
                "IYYY" | "IYY" | "IY" | "I" => El::IsoYear(spelt.len() as u8),
                "FM" => El::FillMode,
                _ => El::Exact,
            });
            rest = &rest[spelt.len()..];
        }
        Ok(Model(out))
    }

    /// `TO_CHAR(date, fmt)`.
    pub fn format(&self, d: Date) -> String {
        let c = d.civil();
        let mut out = String::new();
        let mut fill = true;
        let num = |out: &mut String, n: i64, width: usize, fill: bool| {
            if fill {
                out.push_str(&format!("{n:0width$}"));
            } else {
                out.push_str(&n.to_string());
            }
        };
        for el in &self.0 {
            match el {
                El::Year(n) | El::RoundYear(n) => {
                    let m = 10i64.pow(*n as u32);
                    num(&mut out, c.year as i64 % m, *n as usize, fill)
                }
                El::SignedYear => {
                    out.push(' ');
                    num(&mut out, c.year as i64, 4, fill)
                }
                El::Century => num(&mut out, (c.year as i64 + 99) / 100, 2, fill),
                El::Month(k) => name(&mut out, MONTHS[c.month as usize - 1], *k, if fill { 9 } else { 0 }),
                El::Mon(k) => name(&mut out, &MONTHS[c.month as usize - 1][..3], *k, 0),
                El::MonthNum => num(&mut out, c.month as i64, 2, fill),
                El::DayOfMonth => num(&mut out, c.day as i64, 2, fill),
                El::DayOfYear => num(&mut out, d.day_of_year() as i64, 3, fill),
                El::DayOfWeek => num(&mut out, d.weekday() as i64 + 1, 1, fill),
                El::Day(k) => name(&mut out, DAYS[d.weekday() as usize], *k, if fill { 9 } else { 0 }),
                El::Dy(k) => name(&mut out, &DAYS[d.weekday() as usize][..3], *k, 0),
                El::Julian => num(&mut out, d.julian_day(), 7, fill),
                El::Hour12 => num(&mut out, ((c.hour + 11) % 12 + 1) as i64, 2, fill),
                El::Hour24 => num(&mut out, c.hour as i64, 2, fill),
                El::Minute => num(&mut out, c.minute as i64, 2, fill),
                El::Second => num(&mut out, c.second as i64, 2, fill),
                El::SecondsOfDay => num(&mut out, d.seconds().rem_euclid(DAY), 5, fill),
                El::Meridian(k, dots) => {
                    let s = match (c.hour < 12, dots) {
                        (true, false) => "AM",
                        (false, false) => "PM",
                        (true, true) => "A.M.",
                        (false, true) => "P.M.",
                    };
                    name(&mut out, s, *k, 0)
                }
                El::Quarter => num(&mut out, c.month.div_ceil(3) as i64, 1, fill),
                El::WeekOfYear => num(&mut out, d.day_of_year().div_ceil(7) as i64, 2, fill),
                El::WeekOfMonth => num(&mut out, c.day.div_ceil(7) as i64, 1, fill),
                El::IsoWeek => num(&mut out, super::iso::week(d).1 as i64, 2, fill),
                El::IsoYear(n) => num(&mut out, super::iso::week(d).0 as i64 % 10i64.pow(*n as u32), *n as usize, fill),
                El::FillMode => fill = !fill,
                El::Exact => {}
                El::Punct(p) => out.push(*p),
                El::Text(t) => out.push_str(t),
            }
        }
        out
    }

    /// `TO_DATE(s, fmt)`; `now` gives the year and month a model without
    /// them takes (Oracle's defaults: the current year and month, day 1,
    /// midnight).
    pub fn parse_date(&self, s: &str, now: Date, pos: Pos) -> Result<Date, LabError> {
        let err = |e| LabError::new(e, pos);
        let today = now.civil();
        let mut f = Fields::default();
        let mut at = s.trim_start();
        for el in &self.0 {
            if at.is_empty() {
                break;
            }
            match el {
                El::Punct(_) => {
                    at = at.strip_prefix(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(at);
                    continue;
                }
                El::Text(t) => {
                    let n = t.len().min(at.len());
                    if !at.is_char_boundary(n) || !at[..n].eq_ignore_ascii_case(t) {
                        return Err(err(ora::LITERAL_DOES_NOT_MATCH_FORMAT));
                    }
                    at = &at[n..];
                    continue;
                }
                El::FillMode | El::Exact => continue,
                // ISO weeks and years are output only.
                El::IsoWeek | El::IsoYear(_) => return Err(err(ora::FORMAT_CODE_NOT_INPUT)),
                _ => {}
            }
            // Blanks before a field are skipped, as Oracle does.
            at = at.trim_start();
            match el {
                El::Month(_) | El::Mon(_) => {
                    let (m, len) = MONTHS
                        .iter()
                        .enumerate()
                        .find_map(|(i, m)| {
                            let full = at.len() >= m.len() && at[..m.len()].eq_ignore_ascii_case(m);
                            let abbr = at.len() >= 3 && at.is_char_boundary(3) && at[..3].eq_ignore_ascii_case(&m[..3]);
                            (full || abbr).then(|| (i as u32 + 1, if full { m.len() } else { 3 }))
                        })
                        .ok_or_else(|| err(ora::NOT_A_VALID_MONTH))?;
                    f.month = Some(m);
                    at = &at[len..];
                }
                El::Day(_) | El::Dy(_) => {
                    let len = DAYS
                        .iter()
                        .find_map(|d| {
                            let full = at.len() >= d.len() && at[..d.len()].eq_ignore_ascii_case(d);
                            let abbr = at.len() >= 3 && at.is_char_boundary(3) && at[..3].eq_ignore_ascii_case(&d[..3]);
                            (full || abbr).then_some(if full { d.len() } else { 3 })
                        })
                        .ok_or_else(|| err(ora::NOT_A_VALID_DAY_OF_WEEK))?;
                    at = &at[len..];
                }
                El::Meridian(_, dots) => {
                    let len = if *dots { 4 } else { 2 };
                    let word = at.get(..len).unwrap_or("").to_ascii_uppercase();
                    f.pm = Some(match word.as_str() {
                        "AM" | "A.M." => false,
                        "PM" | "P.M." => true,
                        _ => return Err(err(ora::AM_PM_REQUIRED)),
                    });
                    at = &at[len..];
                }
                _ => {
                    let max = match el {
                        El::Year(n) => (*n as usize).max(if *n == 2 { 4 } else { 0 }),
                        El::RoundYear(_) | El::SignedYear => 4,
                        El::DayOfYear => 3,
                        El::Julian => 7,
                        El::SecondsOfDay => 5,
                        El::DayOfWeek | El::Quarter | El::WeekOfMonth => 1,
                        _ => 2,
                    };
                    let digits = at.bytes().take(max).take_while(u8::is_ascii_digit).count();
                    if digits == 0 {
                        return Err(err(ora::NON_NUMERIC_WHERE_NUMERIC));
                    }
                    let n: i64 = at[..digits].parse().unwrap_or(0);
                    at = &at[digits..];
                    f.set(el, n, digits, today.year, pos)?;
                }
            }
        }
        if !at.trim().is_empty() {
            return Err(err(ora::FORMAT_ENDS_BEFORE_INPUT));
        }
        f.date(today, pos)
    }
}

/// Text as a date by the session's NLS_DATE_FORMAT (None when it is not one).
pub fn parse_nls(s: &str) -> Option<Date> {
    super::with_nls(|nls| Model::parse(nls, Pos::default()).ok()?.parse_date(s, super::sysdate(), Pos::default()).ok())
}

fn name(out: &mut String, upper: &str, case: Case, width: usize) {
    let start = out.len();
    match case {
        Case::Upper => out.push_str(upper),
        Case::Lower => out.push_str(&upper.to_ascii_lowercase()),
        Case::Initial => {
            out.push_str(&upper[..1]);
            out.push_str(&upper[1..].to_ascii_lowercase());
        }
    }
    while out.len() - start < width {
        out.push(' ');
    }
}

/// What a TO_DATE input gave.
#[derive(Debug, Default)]
struct Fields {
    year: Option<i64>,
    month: Option<u32>,
    day: Option<i64>,
    day_of_year: Option<i64>,
    julian: Option<i64>,
    hour12: Option<i64>,
    hour24: Option<i64>,
    minute: Option<i64>,
    second: Option<i64>,
    seconds_of_day: Option<i64>,
    pm: Option<bool>,
}

impl Fields {
    fn set(&mut self, el: &El, n: i64, digits: usize, this_year: i32, pos: Pos) -> Result<(), LabError> {
        let err = |e| Err(LabError::new(e, pos));
        let cy = this_year as i64;
        match el {
            El::Year(4) | El::RoundYear(4) | El::SignedYear => self.year = Some(n),
            // A two-digit element given more digits takes them as the year.
            El::Year(_) | El::RoundYear(_) if digits > 2 => self.year = Some(n),
            El::Year(k) => {
                let m = 10i64.pow(*k as u32);
                self.year = Some(cy - cy % m + n)
            }
            El::RoundYear(_) => {
                let century = cy - cy % 100;
                let shift = match (cy % 100 < 50, n < 50) {
                    (true, false) => -100,
                    (false, true) => 100,
                    _ => 0,
                };
                self.year = Some(century + shift + n)
            }
            El::MonthNum if !(1..=12).contains(&n) => return err(ora::NOT_A_VALID_MONTH),
            El::MonthNum => self.month = Some(n as u32),
            El::DayOfMonth if !(1..=31).contains(&n) => return err(ora::DAY_OF_MONTH_RANGE),
            El::DayOfMonth => self.day = Some(n),
            El::DayOfYear if !(1..=366).contains(&n) => return err(ora::DAY_OF_YEAR_RANGE),
            El::DayOfYear => self.day_of_year = Some(n),
            El::Julian => self.julian = Some(n),
            El::Hour12 if !(1..=12).contains(&n) => return err(ora::HOUR_1_TO_12),
            El::Hour12 => self.hour12 = Some(n),
            El::Hour24 if n > 23 => return err(ora::HOUR_0_TO_23),
            El::Hour24 => self.hour24 = Some(n),
            El::Minute if n > 59 => return err(ora::MINUTES_0_TO_59),
            El::Minute => self.minute = Some(n),
            El::Second if n > 59 => return err(ora::SECONDS_0_TO_59),
            El::Second => self.second = Some(n),
            El::SecondsOfDay if n >= DAY => return err(ora::SECONDS_IN_DAY_RANGE),
            El::SecondsOfDay => self.seconds_of_day = Some(n),
            // Read and checked, not used (as Oracle, which checks them
            // against the date only when no other field gives it).
            El::DayOfWeek | El::Quarter | El::WeekOfMonth | El::WeekOfYear | El::Century => {}
            _ => {}
        }
        Ok(())
    }

    fn date(&self, today: Civil, pos: Pos) -> Result<Date, LabError> {
        let err = |e| LabError::new(e, pos);
        let year = self.year.unwrap_or(today.year as i64);
        if !(1..=9999).contains(&year) {
            return Err(if year == 0 || !(-4713..=9999).contains(&year) {
                err(ora::YEAR_RANGE)
            } else {
                LabError::unsupported("dates before the year 1 (BC)", pos)
            });
        }
        let year = year as i32;
        let hour = match (self.hour24, self.hour12, self.pm) {
            (Some(h), _, _) => h,
            (None, Some(h), pm) => h % 12 + if pm == Some(true) { 12 } else { 0 },
            (None, None, _) => 0,
        };
        let secs = match self.seconds_of_day {
            Some(s) => s,
            None => hour * 3600 + self.minute.unwrap_or(0) * 60 + self.second.unwrap_or(0),
        };
        let day = if let Some(j) = self.julian {
            Date::from_seconds(j * DAY).ok_or_else(|| err(ora::JULIAN_DATE_RANGE))?
        } else if let Some(n) = self.day_of_year {
            let len = if days_in_month(year, 2) == 29 { 366 } else { 365 };
            if n > len {
                return Err(err(ora::DAY_OF_YEAR_RANGE));
            }
            let jan1 = Date::ymd(year, 1, 1).ok_or_else(|| err(ora::YEAR_RANGE))?;
            Date::from_seconds(jan1.seconds() + (n - 1) * DAY).ok_or_else(|| err(ora::YEAR_RANGE))?
        } else {
            let month = self.month.unwrap_or(today.month);
            let d = self.day.unwrap_or(1);
            if d as u32 > days_in_month(year, month) {
                return Err(err(ora::DAY_OF_MONTH_RANGE));
            }
            Date::ymd(year, month, d as u32).ok_or_else(|| err(ora::DAY_OF_MONTH_RANGE))?
        };
        Ok(Date::from_seconds(day.seconds() + secs).unwrap_or(day))
    }
}

/// A unit `TRUNC` and `ROUND` of a date take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Century,
    Year,
    Quarter,
    Month,
    /// The week starting on the weekday of the year's first day (`WW`).
    YearWeek,
    /// The week starting on the weekday of the month's first day (`W`).
    MonthWeek,
    /// The week starting on Sunday (`DAY`, `DY`, `D`).
    Week,
    /// The ISO week, starting on Monday (`IW`).
    IsoWeek,
    Day,
    Hour,
    Minute,
}

impl Unit {
    /// The unit a TRUNC/ROUND format names; ORA-01899 for another.
    pub fn parse(fmt: &str, pos: Pos) -> Result<Unit, LabError> {
        Ok(match fmt.trim().to_ascii_uppercase().as_str() {
            "CC" | "SCC" => Unit::Century,
            "SYYYY" | "YYYY" | "YEAR" | "SYEAR" | "YYY" | "YY" | "Y" => Unit::Year,
            "Q" => Unit::Quarter,
            "MONTH" | "MON" | "MM" | "RM" => Unit::Month,
            "WW" => Unit::YearWeek,
            "W" => Unit::MonthWeek,
            "DAY" | "DY" | "D" => Unit::Week,
            "IW" => Unit::IsoWeek,
            "DDD" | "DD" | "J" => Unit::Day,
            "HH" | "HH12" | "HH24" => Unit::Hour,
            "MI" => Unit::Minute,
            _ => return Err(LabError::new(ora::BAD_PRECISION_SPECIFIER, pos)),
        })
    }

    /// `TRUNC(d, unit)`: the start of the unit holding `d`.
    pub fn trunc(self, d: Date) -> Date {
        let c = d.civil();
        let ymd = |y: i32, m: u32, dd: u32| Date::ymd(y, m, dd).unwrap_or(d);
        let back = |from: Date, days: i64| Date::from_seconds(from.seconds() - days * DAY).unwrap_or(from);
        match self {
            Unit::Century => ymd((c.year - 1) / 100 * 100 + 1, 1, 1),
            Unit::Year => ymd(c.year, 1, 1),
            Unit::Quarter => ymd(c.year, (c.month - 1) / 3 * 3 + 1, 1),
            Unit::Month => ymd(c.year, c.month, 1),
            Unit::YearWeek => back(d.midnight(), (d.day_of_year() as i64 - 1) % 7),
            Unit::MonthWeek => back(d.midnight(), (c.day as i64 - 1) % 7),
            Unit::Week => back(d.midnight(), d.weekday() as i64),
            Unit::IsoWeek => back(d.midnight(), (d.weekday() as i64 + 6) % 7),
            Unit::Day => d.midnight(),
            Unit::Hour => Date::from_seconds(d.seconds() - d.seconds() % 3600).unwrap_or(d),
            Unit::Minute => Date::from_seconds(d.seconds() - d.seconds() % 60).unwrap_or(d),
        }
    }

    /// `ROUND(d, unit)`: the nearer start of a unit (a year rounds up
    /// from 1 July, a quarter from the 16th of its second month, a month
    /// from the 16th, a day from noon, an hour from 30 minutes). None past
    /// 31 December 9999.
    pub fn round(self, d: Date) -> Option<Date> {
        let c = d.civil();
        let t = self.trunc(d);
        let up = match self {
            Unit::Century => c.year % 100 > 50 || c.year % 100 == 0,
            Unit::Year => c.month >= 7,
            Unit::Quarter => (c.month - 1) % 3 > 1 || ((c.month - 1) % 3 == 1 && c.day >= 16),
            Unit::Month => c.day >= 16,
            Unit::YearWeek | Unit::MonthWeek | Unit::Week | Unit::IsoWeek => d.seconds() - t.seconds() >= 7 * DAY / 2,
            Unit::Day => d.seconds() - t.seconds() >= DAY / 2,
            Unit::Hour => d.seconds() - t.seconds() >= 1800,
            Unit::Minute => d.seconds() - t.seconds() >= 30,
        };
        if !up {
            return Some(t);
        }
        match self {
            Unit::Century => Date::ymd(t.civil().year + 100, 1, 1),
            Unit::Year => Date::ymd(c.year + 1, 1, 1),
            Unit::Quarter => t.add_months(3),
            Unit::Month => t.add_months(1),
            Unit::YearWeek | Unit::MonthWeek | Unit::Week | Unit::IsoWeek => Date::from_seconds(t.seconds() + 7 * DAY),
            Unit::Day => Date::from_seconds(t.seconds() + DAY),
            Unit::Hour => Date::from_seconds(t.seconds() + 3600),
            Unit::Minute => Date::from_seconds(t.seconds() + 60),
        }
    }
}

#[cfg(test)]
mod tests;
