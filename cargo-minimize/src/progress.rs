//! Terminal progress: a one-line display on stderr (hidden when stderr is not a
//! terminal), each improvement with `--verbose`, and the final summary.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use minimize_engine::{Event, Observer, Summary};

pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    unit: &'static str,
    verbose: bool,
    started: std::time::Instant,
}

impl Progress {
    pub(crate) fn new(unit: &'static str, verbose: bool) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let b = ProgressBar::new_spinner();
            b.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("valid template"));
            b.enable_steady_tick(Duration::from_millis(120));
            b
        });
        Progress {
            bar,
            unit,
            verbose,
            started: std::time::Instant::now(),
        }
    }

    fn line(&self, text: String) {
        match &self.bar {
            Some(b) => b.println(text),
            None => eprintln!("{text}"),
        }
    }

    pub(crate) fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

impl Observer for Progress {
    fn on_event(&mut self, event: &Event<'_>) {
        match event {
            Event::Progress(p) => {
                if let Some(b) = &self.bar {
                    b.set_message(format!(
                        "{} → {} {} ({:.1}%) | {} tests | {} cache hits | pass {} (round {}) | {:.0?}",
                        p.initial_size,
                        p.size,
                        self.unit,
                        100.0 * p.size as f64 / p.initial_size.max(1) as f64,
                        p.runs,
                        p.cache_hits,
                        p.pass,
                        p.round,
                        p.elapsed
                    ));
                }
            }
            Event::Warning(w) => self.line(format!("warning: {w}")),
            Event::Note(n) => self.line(n.to_string()),
            Event::Improved { size, pass } if self.verbose => self.line(format!(
                "{:>8.2?}  {size} {}  ({pass})",
                self.started.elapsed(),
                self.unit
            )),
            _ => {}
        }
    }
}

pub(crate) fn print_summary(s: &Summary, unit: &str, output: &std::path::Path) {
    eprintln!(
        "{} {} → {} {} ({:.1}%) in {:.1?}: {} checks run, {} answered from the cache",
        if s.cancelled { "interrupted:" } else { "done:" },
        s.initial_size,
        s.final_size,
        unit,
        100.0 * s.final_size as f64 / s.initial_size.max(1) as f64,
        s.elapsed,
        s.runs,
        s.cache_hits
    );
    if s.timeouts > 0 {
        eprintln!(
            "{} checks stopped at the time limit (--timeout) and counted as not showing the bug",
            s.timeouts
        );
    }
    if s.one_minimal {
        eprintln!(
            "1-minimal: no line (in a data file, no run of up to 8 lines), matched pair, \
             run of up to 8 tokens (in a text data file, of a word's parts too), byte, \
             shorter token or (in a binary file) length field's contents can go"
        );
    }
    eprintln!("result: {}", output.display());
}
