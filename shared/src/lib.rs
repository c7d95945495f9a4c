//! `minimize-engine`: the reduction engine of cargo-minimize.
//!
//! A [`Case`] (one file, a crate, or a list) is reduced by [`reduce`] with a list of
//! [`Pass`]es against a [`Predicate`]. Passes propose candidates; the scheduler
//! evaluates them at one choke point (cache, parallel workers, commit) and emits
//! [`Event`]s; the best case so far is committed to a [`Sink`] after every
//! improvement. See ARCHITECTURE.md for the map.

// The engine never prints: it emits events (and the LSP server's stdout is its
// transport).
#![deny(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)]

pub mod cache;
mod case;
mod edit;
pub mod exec;
mod hints;
pub mod job;
mod output;
pub mod passes;
pub mod predicate;
mod report;
mod schedule;
pub mod search;
pub mod syntax;
mod testcase;
mod tokens;
mod verdict;

pub use cache::{DiskStore, DiskStoreConfig, VerdictCache};
pub use case::{cmp_size, content_key, is_smaller, Case, Element};
pub use edit::{Edit, EditSet};
pub use job::{Job, JobError, JobErrorKind, JobResult, JobSpec};
pub use output::{write_atomic, write_case, FileSink, NullSink, Sink};
pub use passes::{Ctx, Interrupt, Pass};
pub use predicate::{CancelFlag, FnPredicate, Predicate, PredicateError, RunEnv, Unused, Verdict};
pub use report::{
    markdown, Event, NullObserver, Observer, PassStats, Progress, ReportInput, Summary,
};
pub use schedule::{reduce, Admit, Config, EngineError, Finish, Form, Outcome, Pacer, Reduction};
pub use testcase::TestCase;
