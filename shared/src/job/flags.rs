//! The fewest rustc flags: once the code of a file is reduced, each extra flag the
//! user gave (a `-Z`/`-C`/`--cfg` option with its value) is dropped when the bug
//! shows without it, and an optimization level is lowered as far as it still shows.
//! One check per try, of the reduced file, uncached; the predicate keeps the flags
//! that are left, so the summary and the report give the minimal command. A
//! crate's `RUSTFLAGS`, cargo arguments (`--features`, `--release`, ...) and the
//! `[profile.*]` settings of its manifest go the same way.

use std::ffi::OsString;

use std::path::Path;

use super::check::{JobCheck, Stopped};
use super::{Check, Job, JobError};
use crate::predicate::Compile;
use crate::report::{Event, Observer, Summary};
use crate::testcase::TestCase;
use crate::CancelFlag;

/// Options whose value may come as the next argument (`-Z x`, `--cfg x`).
const TAKES_VALUE: &[&str] = &[
    "-Z",
    "-C",
    "--cfg",
    "--check-cfg",
    "-A",
    "-W",
    "-D",
    "-F",
    "--cap-lints",
    "--target",
    "-L",
    "-l",
    "--extern",
    "--emit",
    "--crate-name",
    "--print",
    "--sysroot",
];

/// `flags` grouped into units: an option with its separate value is one unit.
pub(super) fn units(flags: &[OsString]) -> Vec<Vec<OsString>> {
    units_with(flags, &[])
}

/// The numeric optimization level a unit sets (`-Copt-level=3`, `-C opt-level=3`,
/// `-O`).
fn opt_level(unit: &[OsString]) -> Option<u8> {
    let text: Vec<String> = unit
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let setting = match text.as_slice() {
        [one] if one == "-O" => return Some(2),
        [one] => one.strip_prefix("-C")?.to_string(),
        [c, v] if c == "-C" => v.clone(),
        _ => return None,
    };
    setting.strip_prefix("opt-level=")?.parse().ok()
}

/// The fewest of `original` units for which `try_units` (one check) still says
/// the bug shows: each unit dropped when it can be, last first, and an optimization
/// level that cannot go lowered as far as it can. `Err(None)`: cancelled.
fn fewest<U: Clone>(
    original: &[U],
    lower: impl Fn(&U) -> Vec<U>,
    mut try_units: impl FnMut(&[U]) -> Result<bool, Option<JobError>>,
) -> (Vec<U>, Result<(), Option<JobError>>) {
    let mut kept = original.to_vec();
    for i in (0..original.len()).rev() {
        let mut without = kept.clone();
        without.remove(i);
        match try_units(&without) {
            Ok(true) => {
                kept = without;
                continue;
            }
            Ok(false) => {}
            Err(e) => return (kept, Err(e)),
        }
        for lower in lower(&kept[i]) {
            let mut cand = kept.clone();
            cand[i] = lower;
            match try_units(&cand) {
                Ok(true) => {
                    kept = cand;
                    break;
                }
                Ok(false) => {}
                Err(e) => return (kept, Err(e)),
            }
        }
    }
    (kept, Ok(()))
}

/// The lower optimization levels of a unit that sets one, lowest first.
fn lower_levels(unit: &[OsString]) -> Vec<Vec<OsString>> {
    match opt_level(unit) {
        Some(level) => (0..level)
            .map(|l| vec![OsString::from(format!("-Copt-level={l}"))])
            .collect(),
        None => Vec::new(),
    }
}

/// Cargo arguments a crate's bug may not need (the others, such as
/// `--manifest-path` or `--target`, stay).
const DROPPABLE_CARGO_ARGS: &[&str] = &[
    "--features",
    "-F",
    "--all-features",
    "--no-default-features",
    "--release",
    "-r",
    "--profile",
];

/// Drops the extra rustc flags of a single-file ICE that the bug does not need (see
/// the module docs), checking in `scratch`. Returns whether the flags changed.
pub(super) fn reduce_flags(
    check: &mut Check,
    scratch: &Path,
    best: &TestCase,
    summary: &mut Summary,
    observer: &mut dyn Observer,
    cancel: &CancelFlag,
) -> Result<bool, JobError> {
    let Check::Ice(p) = check else {
        return Ok(false);
    };
    if !matches!(p.config().compile, Compile::Rustc { .. }) || p.config().flags.is_empty() {
        return Ok(false);
    }
    let check = JobCheck::new(scratch, "flags", cancel)?;
    let original = units(&p.config().flags);
    let (kept, outcome) = fewest(
        &original,
        |u| lower_levels(u),
        |units| {
            p.set_flags(units.concat());
            verdict(check.verdict(&*p, best, &mut summary.runs))
        },
    );
    p.set_flags(kept.concat());
    finish(outcome, summary)?;
    let changed = kept != original;
    if changed {
        observer.on_event(&Event::Note(&needs_only("rustc flags", &kept.concat())));
    }
    Ok(changed)
}

fn verdict(v: Result<crate::Verdict, Stopped>) -> Result<bool, Option<JobError>> {
    match v {
        Ok(v) => Ok(v.is_interesting()),
        Err(Stopped::Cancelled) => Err(None),
        Err(Stopped::Failed(e)) => Err(Some(super::internal(e))),
    }
}

fn finish(outcome: Result<(), Option<JobError>>, summary: &mut Summary) -> Result<(), JobError> {
    match outcome {
        Err(Some(e)) => Err(e),
        Err(None) => {
            summary.cancelled = true;
            Ok(())
        }
        Ok(()) => Ok(()),
    }
}

fn needs_only(what: &str, kept: &[OsString]) -> String {
    let shown: Vec<String> = kept
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if shown.is_empty() {
        format!("the bug needs none of the {what}")
    } else {
        format!("the bug needs only these {what}: {}", shown.join(" "))
    }
}

impl Job {
    /// For a crate, after its code: the fewest `RUSTFLAGS`, cargo arguments
    /// ([`DROPPABLE_CARGO_ARGS`]) and profile settings (`[profile.*]` keys of
    /// the result's manifest) that still show the bug, one check per try. The
    /// predicate, the job's settings and the output's manifest keep what is left,
    /// so that the summary and the report give the minimal command.
    pub(super) fn reduce_crate_flags(
        &mut self,
        best: &TestCase,
        summary: &mut Summary,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<(), JobError> {
        if summary.cancelled || !matches!(self.check, Check::Ice(_)) {
            return Ok(());
        }
        let check = JobCheck::new(self.scratch.path(), "flags", cancel)?;
        // `RUSTFLAGS`, as the checks see it.
        let rustflags = self.env_var("RUSTFLAGS").unwrap_or_default();
        let flags: Vec<OsString> = rustflags
            .to_string_lossy()
            .split_whitespace()
            .map(OsString::from)
            .collect();
        if !flags.is_empty() {
            let Check::Ice(p) = &mut self.check else {
                unreachable!("checked above")
            };
            let original = units(&flags);
            let set = |p: &mut crate::predicate::IcePredicate, units: &[Vec<OsString>]| {
                let joined: Vec<String> = units
                    .concat()
                    .iter()
                    .map(|a| a.to_string_lossy().into_owned())
                    .collect();
                p.set_env_var("RUSTFLAGS", joined.join(" "));
                joined.join(" ")
            };
            let (kept, outcome) = fewest(
                &original,
                |u| lower_levels(u),
                |units| {
                    set(p, units);
                    verdict(check.verdict(&*p, best, &mut summary.runs))
                },
            );
            let value = set(p, &kept);
            finish(outcome, summary)?;
            if kept != original {
                self.spec.env.push(("RUSTFLAGS".into(), value.into()));
                observer.on_event(&Event::Note(&needs_only("RUSTFLAGS", &kept.concat())));
            }
        }
        // Cargo arguments.
        let Check::Ice(p) = &mut self.check else {
            unreachable!("checked above")
        };
        let args = units_with(&p.config().flags, &["--features", "-F", "--profile"]);
        let droppable = |u: &Vec<OsString>| {
            DROPPABLE_CARGO_ARGS
                .iter()
                .any(|d| u[0].to_string_lossy().split('=').next() == Some(d))
        };
        if args.iter().any(droppable) && !summary.cancelled {
            let fixed: Vec<bool> = args.iter().map(|u| !droppable(u)).collect();
            let (kept, outcome) = fewest(
                &args,
                |_| Vec::new(),
                |units| {
                    // Arguments that must stay are never dropped.
                    let all_fixed_kept = args
                        .iter()
                        .zip(&fixed)
                        .filter(|(_, f)| **f)
                        .all(|(u, _)| units.contains(u));
                    if !all_fixed_kept {
                        return Ok(false);
                    }
                    p.set_flags(units.concat());
                    verdict(check.verdict(&*p, best, &mut summary.runs))
                },
            );
            p.set_flags(kept.concat());
            finish(outcome, summary)?;
            if kept != args {
                self.spec.extra = kept.concat();
                observer.on_event(&Event::Note(&needs_only("cargo arguments", &kept.concat())));
            }
        }
        // Profile settings.
        let path = self.output.join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Ok(());
        };
        let keys = super::manifest::profile_keys(&text);
        if keys.is_empty() || summary.cancelled {
            return Ok(());
        }
        let Check::Ice(p) = &mut self.check else {
            unreachable!("checked above")
        };
        let original_manifest = text.clone();
        let (kept, outcome) = fewest(
            &keys,
            |_| Vec::new(),
            |units| {
                let cand = super::manifest::with_profile_keys(&original_manifest, units);
                p.set_overlay(vec![("Cargo.toml".into(), cand.into_bytes())]);
                verdict(check.verdict(&*p, best, &mut summary.runs))
            },
        );
        let manifest = super::manifest::with_profile_keys(&original_manifest, &kept);
        p.set_overlay(vec![("Cargo.toml".into(), manifest.clone().into_bytes())]);
        finish(outcome, summary)?;
        if kept != keys {
            crate::output::write_atomic(&path, manifest.as_bytes())
                .map_err(|e| super::output_error(e, &path))?;
            self.manifest_in_place = Some(manifest);
            observer.on_event(&Event::Note(&if kept.is_empty() {
                "the bug needs none of the profile settings".to_string()
            } else {
                format!(
                    "the bug needs only these profile settings: {}",
                    kept.iter()
                        .map(|(t, k)| format!("{t}.{k}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }));
        }
        Ok(())
    }
}

/// [`units`] with these options also taking a separate value.
fn units_with(flags: &[OsString], more: &[&str]) -> Vec<Vec<OsString>> {
    let mut out: Vec<Vec<OsString>> = Vec::new();
    let mut args = flags.iter();
    while let Some(a) = args.next() {
        let mut unit = vec![a.clone()];
        let text = a.to_string_lossy();
        if TAKES_VALUE.contains(&text.as_ref()) || more.contains(&text.as_ref()) {
            unit.extend(args.next().cloned());
        }
        out.push(unit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(Into::into).collect()
    }

    #[test]
    fn an_option_and_its_separate_value_are_one_unit() {
        let u = units(&os(&[
            "-Z",
            "validate-mir",
            "-Copt-level=3",
            "--cfg",
            "x",
            "-O",
        ]));
        assert_eq!(
            u,
            vec![
                os(&["-Z", "validate-mir"]),
                os(&["-Copt-level=3"]),
                os(&["--cfg", "x"]),
                os(&["-O"])
            ]
        );
    }

    #[test]
    fn optimization_levels_are_read_in_every_spelling() {
        assert_eq!(opt_level(&os(&["-Copt-level=3"])), Some(3));
        assert_eq!(opt_level(&os(&["-C", "opt-level=2"])), Some(2));
        assert_eq!(opt_level(&os(&["-O"])), Some(2));
        assert_eq!(opt_level(&os(&["-Copt-level=s"])), None);
        assert_eq!(opt_level(&os(&["-Zvalidate-mir"])), None);
    }
}
