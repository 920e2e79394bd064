//! ISO 8601 weeks (`IW`, `IYYY` in TO_CHAR, TRUNC and ROUND to `IW`):
//! weeks start on Monday, and week 1 of a year is the one holding its
//! first Thursday (so 4 January), whatever the NLS territory.

use super::Date;

/// `(ISO year, ISO week)` of `d`: the year and week of the Thursday of
/// its Monday-to-Sunday week. Hand-checked: Sunday 7 January 2024 is in
/// week 1 of 2024 (Monday 1 January starts it); Sunday 1 January 2023 is
/// in week 52 of 2022; Monday 29 December 2014 is in week 1 of 2015.
pub fn week(d: Date) -> (i32, u32) {
    let from_monday = (d.weekday() as i64 + 6) % 7;
    let thursday = Date::from_seconds(d.midnight().seconds() + (3 - from_monday) * super::DAY).unwrap_or(d);
    (thursday.civil().year, (thursday.day_of_year() - 1) / 7 + 1)
}
