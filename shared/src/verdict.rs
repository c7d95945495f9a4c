//! `Verdict`: what one run of the check says about a candidate. "Not interesting"
//! is a verdict, not an error.

/// The result of testing one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The candidate still shows the bug.
    Interesting,
    /// The candidate does not show the bug (or shows a different one).
    NotInteresting,
    /// The run exceeded its time limit (not interesting unless the bug is a hang).
    Timeout,
    /// The check could not judge the candidate (e.g. it died in an unexpected way).
    Error,
}

impl Verdict {
    /// `true` for `Interesting`.
    pub fn is_interesting(self) -> bool {
        self == Verdict::Interesting
    }
    pub(crate) fn to_byte(self) -> u8 {
        match self {
            Verdict::NotInteresting => 0,
            Verdict::Interesting => 1,
            Verdict::Timeout => 2,
            Verdict::Error => 3,
        }
    }
    pub(crate) fn from_byte(b: u8) -> Option<Verdict> {
        Some(match b {
            0 => Verdict::NotInteresting,
            1 => Verdict::Interesting,
            2 => Verdict::Timeout,
            3 => Verdict::Error,
            _ => return None,
        })
    }
}
