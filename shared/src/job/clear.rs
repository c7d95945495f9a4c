//! Before a crate's code is reduced: its lint settings, profiles and build script
//! taken out of the way, when one check shows the bug survives that (issue 31). A
//! `deny` lint of the crate's `[lints]` would refuse deletions the bug allows, and
//! the build script would be compiled and run again on every check.

use std::path::PathBuf;

use super::check::{JobCheck, Stopped};
use super::{manifest, output_error, Check, Job, JobError, Target};
use crate::case::Case;
use crate::predicate::CancelFlag;
use crate::report::{Event, Observer};

impl Job {
    /// Tries the crate with [`manifest::out_of_the_way`]'s manifest (and without
    /// the build script): one check. When the bug survives, every later check
    /// builds the crate so, and the result starts from it.
    pub(super) fn clear_the_way(
        &mut self,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<(), JobError> {
        let (Target::IceCrate { .. }, Check::Ice(_), Some((source, _))) =
            (&self.spec.target, &self.check, &self.output_tree)
        else {
            return Ok(());
        };
        // A member of a workspace shares its profiles and lint settings with it.
        if source.root() != source.tree() {
            return Ok(());
        }
        let Ok(text) = std::fs::read_to_string(source.root().join("Cargo.toml")) else {
            return Ok(());
        };
        let Some((manifest, script)) = manifest::out_of_the_way(&text) else {
            return Ok(());
        };
        let mut case = self.case.clone();
        if let Some(script) = &script {
            if let Some(i) = (0..case.seq_count()).find(|&i| case.path(i) == script.as_path()) {
                case = case.with_seq(i, Vec::new());
            }
        }
        observer.on_event(&Event::Note(
            "trying the crate without its [lints], [profile] and build script",
        ));
        let Check::Ice(p) = &mut self.check else {
            unreachable!("matched above")
        };
        p.set_overlay(vec![(
            PathBuf::from("Cargo.toml"),
            manifest.clone().into_bytes(),
        )]);
        let check = JobCheck::new(self.scratch.path(), "clear", cancel)?;
        match check.shows(&*p, &case, &mut self.extra_original_runs) {
            Ok(true) => {
                observer.on_event(&Event::Note(
                    "the bug shows without them: reducing the crate so",
                ));
                self.case = case;
                self.manifest_in_place = Some(manifest);
                Ok(())
            }
            Err(Stopped::Cancelled) => {
                p.set_overlay(Vec::new());
                Err(JobError::new(
                    super::JobErrorKind::Cancelled,
                    "cancelled while checking the original",
                ))
            }
            Err(Stopped::Failed(e)) => {
                p.set_overlay(Vec::new());
                observer.on_event(&Event::Warning(&format!(
                    "could not check the crate without them ({e}): reducing it as it is"
                )));
                Ok(())
            }
            Ok(false) => {
                p.set_overlay(Vec::new());
                Ok(())
            }
        }
    }

    /// Writes the manifest [`Job::clear_the_way`] put in place into the output.
    pub(super) fn write_manifest_in_place(&self) -> Result<(), JobError> {
        if let Some(manifest) = &self.manifest_in_place {
            let path = self.output.join("Cargo.toml");
            crate::output::write_atomic(&path, manifest.as_bytes())
                .map_err(|e| output_error(e, &path))?;
        }
        Ok(())
    }
}
