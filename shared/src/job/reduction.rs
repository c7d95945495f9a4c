//! The reduction of a job, set up: passes, cache, the in-place backup, the engine's
//! configuration, the parse filter, and the forms the result is delivered in (the
//! engine's final check, uncached, is of the formatted result when the bug
//! survives formatting).

use super::finish::tidy_blank_lines;
use super::format::rustfmt;
use super::{CacheChoice, Check, Job, JobError, JobErrorKind, OutputChoice};
use crate::cache::{DiskStore, DiskStoreConfig, VerdictCache};
use crate::passes::{
    default_for_files, file_pass_by_name, file_pass_names, neighbourhood, neighbours, Pass,
};
use crate::predicate::{CancelFlag, RunEnv};
use crate::report::{Event, Observer};
use crate::schedule::{Config, Form, Reduction};
use crate::testcase::TestCase;

impl Job {
    /// The passes: `--passes` by name, else the default pipeline (without the
    /// passes whose role is [`crate::passes::Role::not_on_rust`] on Rust code); then,
    /// with `--exhaustive`, the sweeps of the Rust neighbourhood it does not have
    /// (all six with `--passes`: the result is claimed 1-minimal only when every kind
    /// was swept).
    pub(super) fn passes(&self) -> Result<Vec<Box<dyn Pass<TestCase>>>, JobError> {
        let spec = &self.spec;
        let mut passes: Vec<Box<dyn Pass<TestCase>>> = if spec.passes.is_empty() {
            (default_for_files(!matches!(self.check, Check::Ice(_))).into_iter())
                .filter(|p| !(self.is_rust && p.role().not_on_rust))
                .collect()
        } else {
            spec.passes
                .iter()
                .map(|n| {
                    file_pass_by_name(n).ok_or_else(|| {
                        JobError::new(
                            JobErrorKind::Usage,
                            format!(
                                "unknown pass `{n}`; passes: {}",
                                file_pass_names().join(", ")
                            ),
                        )
                    })
                })
                .collect::<Result<_, _>>()?
        };
        if spec.exhaustive {
            for p in neighbourhood(neighbours::Files::Rust) {
                if !passes.iter().any(|q| q.name() == p.name()) {
                    passes.push(p);
                }
            }
        }
        Ok(passes)
    }

    /// The verdict cache: on disk unless `--no-cache` (a store that cannot be
    /// opened is a warning, and the run goes on without it).
    pub(super) fn open_cache(&self, observer: &mut dyn Observer) -> VerdictCache {
        let spec = &self.spec;
        match &spec.cache {
            CacheChoice::Off => VerdictCache::new(None),
            CacheChoice::Disk(dir) => match DiskStore::open(&DiskStoreConfig {
                dir: dir.clone(),
                ..DiskStoreConfig::default()
            }) {
                Ok(s) => VerdictCache::new(Some(s)),
                Err(e) => {
                    observer.on_event(&Event::Warning(&format!(
                        "the result cache is disabled: {e}"
                    )));
                    VerdictCache::new(None)
                }
            },
        }
    }

    /// With `--in-place`, a copy of the original beside it.
    pub(super) fn keep_backup(&self, observer: &mut dyn Observer) -> Result<(), JobError> {
        let spec = &self.spec;
        if let (OutputChoice::InPlace, Some(orig)) = (&spec.output, &self.original) {
            let backup = orig.with_extension(format!(
                "{}.orig",
                orig.extension()
                    .map(|e| e.to_string_lossy().into_owned())
                    .unwrap_or_default()
            ));
            std::fs::copy(orig, &backup).map_err(|e| {
                JobError::new(
                    JobErrorKind::Output,
                    format!("cannot keep a backup at {}: {e}", backup.display()),
                )
            })?;
            observer.on_event(&Event::Note(&format!("backup: {}", backup.display())));
        }
        Ok(())
    }

    /// What the engine is given: the passes, the configuration, the parse filter
    /// and the form the result is delivered in.
    pub(super) fn reduction<'a>(
        &'a self,
        passes: Vec<Box<dyn Pass<TestCase>>>,
        cache: VerdictCache,
        cancel: &CancelFlag,
    ) -> Reduction<'a, TestCase> {
        let spec = &self.spec;
        let config = Config {
            jobs: spec.jobs.max(1),
            seed: spec.seed,
            initial_quota: usize::MAX,
            adaptive_restart: false,
            // `check_original` has checked it (at least twice): a third full-size
            // run, alone on one worker, would only cost time.
            verify_original: false,
            // Of the formatted result when the bug survives formatting (one run
            // instead of two), see `forms` below.
            final_check: true,
            fallbacks: self.is_rust,
            demote_idle: !self.is_rust,
            bets: self.is_rust,
            ..Config::default()
        };
        // Rust is delivered formatted (rustfmt, else blank lines tidied, which the
        // reduction leaves alone in source code) when the bug survives that: an
        // idle worker may format the best and check that while the reduction goes
        // on (in its own scratch directory).
        let mut forms: Vec<Form<'_, TestCase>> = Vec::new();
        if self.is_rust && spec.format {
            forms.push(Form {
                note: "formatting the result with rustfmt",
                make: Box::new(|c: &TestCase, env: &RunEnv<'_>| {
                    let dir = env.scratch.join("fmt");
                    std::fs::create_dir_all(&dir).ok()?;
                    rustfmt(c, &dir, env.cancel)
                }),
            });
        }
        if self.is_rust {
            forms.push(Form {
                note: "tidying blank lines in the result",
                make: Box::new(|c: &TestCase, _: &RunEnv<'_>| Some(tidy_blank_lines(c))),
            });
        }
        let reduction = Reduction {
            predicate: self.check.predicate(),
            passes,
            config,
            cache,
            cancel: cancel.clone(),
            // A candidate with a new syntax error is dropped without a run only
            // where that answer is right for the check: a test or a program cannot
            // run without a build. rustc recovers from many syntax errors and may
            // still crash the same way, so for an ICE only when asked
            // (`keep_parsing`); a script may accept anything. A wrong-code
            // candidate must also not bring in what the guard refuses (by the
            // definition of the check, so no run is needed to know).
            admit: match &self.check {
                Check::Miscompile(_) => {
                    let check = crate::syntax::ParseCheck::new(&self.case);
                    let guard = crate::predicate::WrongCodeGuard::new(&self.case);
                    Some(Box::new(move |c: &TestCase| {
                        check.admits(c) && guard.introduced(c).is_none()
                    }))
                }
                Check::Test(_) if self.is_rust => {
                    let check = crate::syntax::ParseCheck::new(&self.case);
                    Some(Box::new(move |c: &TestCase| check.admits(c)))
                }
                Check::Ice(_) if self.is_rust && spec.keep_parsing => {
                    let check = crate::syntax::ParseCheck::new(&self.case);
                    Some(Box::new(move |c: &TestCase| check.admits(c)))
                }
                _ => None,
            },
            forms,
        };
        reduction
    }
}
