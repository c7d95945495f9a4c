//! Work-done progress of one job: the token (the client's, or one the server
//! created and waits to have acknowledged), messages queued until then, and the
//! rules every client sees: the percentage only rises (a note or a warning keeps
//! the last one), and a message is one short line (at most [`MAX_MESSAGE`]
//! characters) that fits a status line.

use lsp_types::{
    ProgressParams, ProgressParamsValue, ProgressToken, WorkDoneProgress, WorkDoneProgressBegin,
    WorkDoneProgressEnd, WorkDoneProgressReport,
};

/// The longest progress message, in characters.
pub(crate) const MAX_MESSAGE: usize = 80;

/// The first line of `s`, cut to [`MAX_MESSAGE`] characters (with `…`).
pub(crate) fn short(s: &str) -> String {
    let line = s.lines().next().unwrap_or("").trim();
    if line.chars().count() <= MAX_MESSAGE {
        return line.to_string();
    }
    let mut out: String = line.chars().take(MAX_MESSAGE - 1).collect();
    out.push('…');
    out
}

/// How far along a reduction is: the share of the original removed so far, below
/// 100 until the end.
pub(crate) fn percent(initial: usize, size: usize) -> u32 {
    let removed = initial.saturating_sub(size) as f64 / initial.max(1) as f64;
    ((removed * 100.0) as u32).min(99)
}

/// The progress of one job.
#[derive(Debug)]
pub(crate) struct Progress {
    token: Option<ProgressToken>,
    /// `false` while the client has not acknowledged a server-created token.
    ready: bool,
    queued: Vec<WorkDoneProgress>,
    percentage: u32,
    ended: bool,
}

impl Progress {
    /// Progress on `token` (`None`: the client shows none); `ready` when the client
    /// gave the token itself.
    pub(crate) fn new(token: Option<ProgressToken>, ready: bool) -> Progress {
        Progress {
            token,
            ready,
            queued: Vec::new(),
            percentage: 0,
            ended: false,
        }
    }

    /// The token, if any.
    pub(crate) fn token(&self) -> Option<&ProgressToken> {
        self.token.as_ref()
    }

    fn emit(&mut self, value: WorkDoneProgress) -> Option<ProgressParams> {
        let token = self.token.clone()?;
        if !self.ready {
            // Only the begin and the latest report are worth keeping.
            if matches!(value, WorkDoneProgress::Report(_)) {
                self.queued
                    .retain(|v| !matches!(v, WorkDoneProgress::Report(_)));
            }
            self.queued.push(value);
            return None;
        }
        Some(ProgressParams {
            token,
            value: ProgressParamsValue::WorkDone(value),
        })
    }

    /// The `begin` message.
    pub(crate) fn begin(&mut self, title: String, message: &str) -> Option<ProgressParams> {
        self.emit(WorkDoneProgress::Begin(WorkDoneProgressBegin {
            title,
            cancellable: Some(true),
            message: Some(short(message)),
            percentage: Some(0),
        }))
    }

    /// A report: `percentage` `None` (a note) keeps the last one, and a lower one
    /// is raised to it.
    pub(crate) fn report(
        &mut self,
        message: &str,
        percentage: Option<u32>,
    ) -> Option<ProgressParams> {
        if self.ended {
            return None;
        }
        self.percentage = self.percentage.max(percentage.unwrap_or(0).min(100));
        self.emit(WorkDoneProgress::Report(WorkDoneProgressReport {
            cancellable: Some(true),
            message: Some(short(message)),
            percentage: Some(self.percentage),
        }))
    }

    /// The `end` message (once).
    pub(crate) fn end(&mut self, message: &str) -> Option<ProgressParams> {
        if self.ended {
            return None;
        }
        self.ended = true;
        self.emit(WorkDoneProgress::End(WorkDoneProgressEnd {
            message: Some(short(message)),
        }))
    }

    /// The client acknowledged the token: what was queued, to send now.
    pub(crate) fn acknowledged(&mut self) -> Vec<ProgressParams> {
        self.ready = true;
        std::mem::take(&mut self.queued)
            .into_iter()
            .filter_map(|v| self.emit(v))
            .collect()
    }

    /// The client refused the token: no progress for this job.
    pub(crate) fn refused(&mut self) {
        self.token = None;
        self.queued.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pct(p: Option<ProgressParams>) -> Option<u32> {
        match p?.value {
            ProgressParamsValue::WorkDone(WorkDoneProgress::Report(r)) => r.percentage,
            _ => None,
        }
    }

    #[test]
    fn percentages_only_rise() {
        let mut p = Progress::new(Some(ProgressToken::Number(1)), true);
        assert!(p.begin("t".into(), "checking").is_some());
        assert_eq!(pct(p.report("a", Some(40))), Some(40));
        assert_eq!(pct(p.report("note", None)), Some(40));
        assert_eq!(pct(p.report("warning: x", Some(0))), Some(40));
        assert_eq!(pct(p.report("b", Some(95))), Some(95));
        assert_eq!(pct(p.report("formatting", None)), Some(95));
        assert!(p.end("done").is_some());
        assert!(p.end("done").is_none());
        assert!(p.report("late", Some(99)).is_none());
    }

    #[test]
    fn queued_until_acknowledged() {
        let mut p = Progress::new(Some(ProgressToken::Number(1)), false);
        assert!(p.begin("t".into(), "m").is_none());
        assert!(p.report("a", Some(10)).is_none());
        assert!(p.report("b", Some(20)).is_none());
        let sent = p.acknowledged();
        assert_eq!(sent.len(), 2, "begin and the latest report");
        assert!(p.report("c", Some(30)).is_some());
        let mut none = Progress::new(None, false);
        assert!(none.begin("t".into(), "m").is_none());
    }

    #[test]
    fn messages_are_short_single_lines() {
        let long = "bug signature: ".to_string() + &"x".repeat(300) + "\nmore";
        let s = short(&long);
        assert_eq!(s.chars().count(), MAX_MESSAGE);
        assert!(s.ends_with('…'));
        assert_eq!(short("a\nb"), "a");
        assert_eq!(percent(100, 100), 0);
        assert_eq!(percent(100, 50), 50);
        assert_eq!(percent(100, 0), 99);
    }
}
