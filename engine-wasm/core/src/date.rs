//! Oracle's DATE: a point in time to the second, held as seconds since
//! the start of Julian day 0 (Oracle's `J` format element is the day
//! number), so comparisons, sorts and index keys are integer ones. Its
//! stored form is Oracle's seven bytes (century + 100, year of century +
//! 100, month, day, hour + 1, minute + 1, second + 1). Years 1 to 9999:
//! the Gregorian calendar from 15 October 1582, the Julian one before, as
//! Oracle counts them.
//!
//! The session's NLS_DATE_FORMAT and the statement's SYSDATE are read
//! from [`set_session`] (one session runs a statement at a time; the
//! session sets them when it starts one), so that a date prints and
//! converts as the session says without every value carrying it.

use std::cell::{Cell, RefCell};

pub mod format;
mod iso;

/// Seconds in a day.
pub const DAY: i64 = 86_400;
/// The Julian day of 15 October 1582, the Gregorian calendar's first day.
const GREGORIAN_JDN: i64 = 2_299_161;
/// The simulated clock's zero: SYSDATE at a session's time 0 is
/// 2024-01-01 00:00:00 (a fixed start, so runs are deterministic).
pub const CLOCK_ZERO: Date = Date(2_460_311 * DAY);

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(i64);

/// A date's calendar fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Civil {
    pub year: i32,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
}

fn leap(year: i32, julian: bool) -> bool {
    year % 4 == 0 && (julian || year % 100 != 0 || year % 400 == 0)
}

/// Days in `month` of `year` (the calendar in force then).
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if leap(year, year < 1582) => 29,
        2 => 28,
        _ => 31,
    }
}

fn jdn(year: i32, month: u32, day: u32) -> i64 {
    let a = (14 - month as i64) / 12;
    let y = year as i64 + 4800 - a;
    let m = month as i64 + 12 * a - 3;
    let base = day as i64 + (153 * m + 2) / 5 + 365 * y + y / 4;
    let g = base - y / 100 + y / 400 - 32045;
    if g >= GREGORIAN_JDN {
        g
    } else {
        base - 32083
    }
}

fn from_jdn(j: i64) -> (i32, u32, u32) {
    let (b, c) = if j >= GREGORIAN_JDN {
        let a = j + 32044;
        let b = (4 * a + 3) / 146097;
        (b, a - 146097 * b / 4)
    } else {
        (0, j + 32082)
    };
    let d = (4 * c + 3) / 1461;
    let e = c - 1461 * d / 4;
    let m = (5 * e + 2) / 153;
    let day = e - (153 * m + 2) / 5 + 1;
    let month = m + 3 - 12 * (m / 10);
    let year = 100 * b + d - 4800 + m / 10;
    (year as i32, month as u32, day as u32)
}

impl Date {
    /// The date of valid calendar fields (None outside years 1 to 9999 or
    /// past a month's last day).
    pub fn from_civil(c: Civil) -> Option<Date> {
        let ok = (1..=9999).contains(&c.year)
            && (1..=12).contains(&c.month)
            && c.day >= 1
            && c.day <= days_in_month(c.year, c.month)
            && c.hour < 24
            && c.minute < 60
            && c.second < 60;
        ok.then(|| Date(jdn(c.year, c.month, c.day) * DAY + (c.hour * 3600 + c.minute * 60 + c.second) as i64))
    }

    pub fn ymd(year: i32, month: u32, day: u32) -> Option<Date> {
        Date::from_civil(Civil { year, month, day, hour: 0, minute: 0, second: 0 })
    }

    pub fn civil(self) -> Civil {
        let (year, month, day) = from_jdn(self.julian_day());
        let s = self.0.rem_euclid(DAY) as u32;
        Civil { year, month, day, hour: s / 3600, minute: s / 60 % 60, second: s % 60 }
    }

    /// Oracle's `J`: the Julian day number.
    pub fn julian_day(self) -> i64 {
        self.0.div_euclid(DAY)
    }

    /// The Julian day and its fraction: the date's place on a column's
    /// low..high line, as the optimizer measures a DATE range.
    pub fn julian_position(self) -> f64 {
        self.0 as f64 / DAY as f64
    }

    /// ` 2020-01-31 00:00:00`: `TO_CHAR(d, 'syyyy-mm-dd hh24:mi:ss')`, as
    /// Oracle writes a DATE constant in a plan's predicates.
    pub fn canonical(self) -> String {
        let c = self.civil();
        format!(" {:04}-{:02}-{:02} {:02}:{:02}:{:02}", c.year, c.month, c.day, c.hour, c.minute, c.second)
    }

    /// Seconds since the start of Julian day 0.
    pub fn seconds(self) -> i64 {
        self.0
    }

    /// The date `secs` seconds since the start of Julian day 0, if it is
    /// in years 1 to 9999.
    pub fn from_seconds(secs: i64) -> Option<Date> {
        let lo = jdn(1, 1, 1) * DAY;
        let hi = (jdn(9999, 12, 31) + 1) * DAY;
        (lo..hi).contains(&secs).then_some(Date(secs))
    }

    /// Midnight of the date's day.
    pub fn midnight(self) -> Date {
        Date(self.julian_day() * DAY)
    }

    /// Day of the week, 0 for Sunday.
    pub fn weekday(self) -> u32 {
        ((self.julian_day() + 1).rem_euclid(7)) as u32
    }

    /// Day of the year, 1 for 1 January.
    pub fn day_of_year(self) -> u32 {
        let c = self.civil();
        (self.julian_day() - jdn(c.year, 1, 1) + 1) as u32
    }

    /// Oracle's seven bytes.
    pub fn to_bytes(self) -> [u8; 7] {
        let c = self.civil();
        [
            (c.year / 100 + 100) as u8,
            (c.year % 100 + 100) as u8,
            c.month as u8,
            c.day as u8,
            c.hour as u8 + 1,
            c.minute as u8 + 1,
            c.second as u8 + 1,
        ]
    }

    /// The date of Oracle's seven bytes (as [`Date::to_bytes`] writes them).
    pub fn from_bytes(b: &[u8]) -> Date {
        let year = (b[0] as i32 - 100) * 100 + b[1] as i32 - 100;
        let c = Civil {
            year,
            month: b[2] as u32,
            day: b[3] as u32,
            hour: b[4] as u32 - 1,
            minute: b[5] as u32 - 1,
            second: b[6] as u32 - 1,
        };
        Date::from_civil(c).unwrap_or(Date(0))
    }

    /// `ADD_MONTHS`: the same day `n` months on; the last day of a month
    /// gives the last day of the result's month, and a day past the
    /// result's last day gives that last day.
    pub fn add_months(self, n: i64) -> Option<Date> {
        let c = self.civil();
        let m0 = c.year as i64 * 12 + c.month as i64 - 1 + n;
        let (year, month) = (m0.div_euclid(12), m0.rem_euclid(12) as u32 + 1);
        let year = i32::try_from(year).ok()?;
        if !(1..=9999).contains(&year) {
            return None;
        }
        let last = days_in_month(year, month);
        let day = if c.day == days_in_month(c.year, c.month) || c.day > last { last } else { c.day };
        Date::from_civil(Civil { year, month, day, ..c })
    }

    /// `LAST_DAY`: the last day of the date's month, at the date's time.
    pub fn last_day(self) -> Date {
        let c = self.civil();
        Date::from_civil(Civil { day: days_in_month(c.year, c.month), ..c }).unwrap_or(self)
    }
}

thread_local! {
    static NOW: Cell<i64> = const { Cell::new(CLOCK_ZERO.0) };
    static NLS: RefCell<String> = RefCell::new(String::from(DEFAULT_NLS_DATE_FORMAT));
}

/// NLS_DATE_FORMAT's default (territory AMERICA).
pub const DEFAULT_NLS_DATE_FORMAT: &str = "DD-MON-RR";

/// The running session's clock (microseconds since its zero) and
/// NLS_DATE_FORMAT: SYSDATE and implicit conversions read them.
pub fn set_session(now_us: f64, nls_date_format: &str) {
    let secs = (now_us / 1e6).floor() as i64;
    NOW.with(|n| n.set(CLOCK_ZERO.0 + secs.max(0)));
    NLS.with(|f| {
        let mut f = f.borrow_mut();
        if *f != nls_date_format {
            f.clear();
            f.push_str(nls_date_format);
        }
    });
}

/// SYSDATE: the simulated clock's date.
pub fn sysdate() -> Date {
    Date(NOW.with(|n| n.get()))
}

/// Runs `f` with the session's NLS_DATE_FORMAT.
pub fn with_nls<R>(f: impl FnOnce(&str) -> R) -> R {
    NLS.with(|s| f(&s.borrow()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn julian_days_are_oracles() {
        // SELECT TO_CHAR(DATE '2000-01-01', 'J') FROM dual gives 2451545.
        assert_eq!(Date::ymd(2000, 1, 1).unwrap().julian_day(), 2_451_545);
        assert_eq!(CLOCK_ZERO, Date::ymd(2024, 1, 1).unwrap());
        // The calendar change: 4 October 1582 is followed by 15 October.
        let before = Date::ymd(1582, 10, 4).unwrap();
        assert_eq!(Date(before.0 + DAY).civil().day, 15);
        for y in [1, 1581, 1582, 1583, 1900, 2000, 2024, 9999] {
            for m in 1..=12 {
                let d = Date::ymd(y, m, days_in_month(y, m)).unwrap();
                let c = d.civil();
                assert_eq!((c.year, c.month, c.day), (y, m, days_in_month(y, m)));
                assert_eq!(Date::from_bytes(&d.to_bytes()), d);
            }
        }
        // 1 January 2000 was a Saturday.
        assert_eq!(Date::ymd(2000, 1, 1).unwrap().weekday(), 6);
        // Oracle's bytes for 2020-01-31 00:00:00 (DUMP: Typ=12 Len=7: 120,120,1,31,1,1,1).
        assert_eq!(Date::ymd(2020, 1, 31).unwrap().to_bytes(), [120, 120, 1, 31, 1, 1, 1]);
    }

    #[test]
    fn add_months_keeps_month_ends() {
        let d = |y, m, dd| Date::ymd(y, m, dd).unwrap();
        assert_eq!(d(2020, 1, 31).add_months(1), Some(d(2020, 2, 29)));
        assert_eq!(d(2020, 2, 29).add_months(1), Some(d(2020, 3, 31)));
        assert_eq!(d(2020, 1, 15).add_months(-13), Some(d(2018, 12, 15)));
        assert_eq!(d(2020, 2, 10).last_day(), d(2020, 2, 29));
    }
}
