//! The fewest rustc flags: once the code of a file is reduced, each extra flag the
//! user gave (a `-Z`/`-C`/`--cfg` option with its value) is dropped when the bug
//! shows without it, and an optimization level is lowered as far as it still shows.
//! One check per try, of the reduced file, uncached; the predicate keeps the flags
//! that are left, so the summary and the report give the minimal command.

use std::ffi::OsString;

use std::path::Path;

use super::{Check, JobError};
use crate::predicate::{Compile, Predicate, PredicateError, RunEnv};
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
    let mut out: Vec<Vec<OsString>> = Vec::new();
    let mut args = flags.iter();
    while let Some(a) = args.next() {
        let mut unit = vec![a.clone()];
        if TAKES_VALUE.contains(&a.to_string_lossy().as_ref()) {
            unit.extend(args.next().cloned());
        }
        out.push(unit);
    }
    out
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
    let dir = scratch.join("flags");
    std::fs::create_dir_all(&dir).map_err(super::internal)?;
    let env = RunEnv {
        worker: 0,
        scratch: &dir,
        cancel,
    };
    let original = units(&p.config().flags);
    let mut kept = original.clone();
    let mut try_flags = |units: &[Vec<OsString>], summary: &mut Summary| {
        p.set_flags(units.concat());
        summary.runs += 1;
        match p.test(best, &env) {
            Ok(v) => Ok(v.is_interesting()),
            Err(PredicateError::Cancelled) => Err(None),
            Err(e) => Err(Some(super::internal(e))),
        }
    };
    let mut outcome = Ok(());
    'units: for i in (0..original.len()).rev() {
        let mut without = kept.clone();
        without.remove(i);
        match try_flags(&without, summary) {
            Ok(true) => {
                kept = without;
                continue;
            }
            Ok(false) => {}
            Err(e) => {
                outcome = Err(e);
                break;
            }
        }
        // Needed: a lower optimization level may do.
        if let Some(level) = opt_level(&kept[i]) {
            for lower in 0..level {
                let mut cand = kept.clone();
                cand[i] = vec![format!("-Copt-level={lower}").into()];
                match try_flags(&cand, summary) {
                    Ok(true) => {
                        kept = cand;
                        break;
                    }
                    Ok(false) => {}
                    Err(e) => {
                        outcome = Err(e);
                        break 'units;
                    }
                }
            }
        }
    }
    p.set_flags(kept.concat());
    match outcome {
        Err(Some(e)) => return Err(e),
        Err(None) => summary.cancelled = true,
        Ok(()) => {}
    }
    let changed = kept != original;
    if changed {
        let shown: Vec<String> = (kept.concat().iter())
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        observer.on_event(&Event::Note(&if shown.is_empty() {
            "the bug needs none of the extra rustc flags".to_string()
        } else {
            format!("the bug needs only these rustc flags: {}", shown.join(" "))
        }));
    }
    Ok(changed)
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
