//! The fewest rustc flags: once the code of a file is reduced, each extra flag the
//! user gave (a `-Z`/`-C`/`--cfg` option with its value) is dropped when the bug
//! shows without it, and an optimization level is lowered as far as it still shows.
//! One check per try, of the reduced file, run by the engine (`settings.rs`: the
//! flags are a list of unit ids, the `choices` pass follows the plan below, the
//! cache answers a rerun); the predicate keeps the flags that are left, so the
//! summary and the report give the minimal command. A crate's `RUSTFLAGS`, cargo
//! arguments (`--features`, `--release`, ...) and the `[profile.*]` settings of its
//! manifest go the same way, in one reduction.

use std::ffi::OsString;

use super::settings::{Base, Rendered, Settle};
use super::{Check, Job, JobError};
use crate::passes::{Change, Step};
use crate::predicate::Compile;
use crate::predicate::Settings;
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

/// The ids of the lower optimization levels `0..LOWER`, numbered before every
/// unit so that a lowered level is smaller in the engine's order (see
/// [`crate::passes::choices`]).
const LOWER: u64 = 3;

/// The unit of id `id` among `units` numbered from `first`, or a lowered level.
fn unit_of(units: &[Vec<OsString>], first: u64, id: u64) -> Vec<OsString> {
    if id < LOWER {
        vec![OsString::from(format!("-Copt-level={id}"))]
    } else {
        units[(id - first) as usize].clone()
    }
}

/// The plan for `units` numbered from `first`: each dropped when it can be, last
/// first, and an optimization level that cannot go lowered as far as it can
/// (lowest first), when `lower`.
fn fewest_plan(
    units: &[Vec<OsString>],
    first: u64,
    droppable: impl Fn(&[OsString]) -> bool,
    lower: bool,
) -> Vec<Step> {
    (0..units.len())
        .rev()
        .filter(|&k| droppable(&units[k]))
        .map(|k| {
            let id = first + k as u64;
            let levels = if lower {
                opt_level(&units[k]).unwrap_or(0)
            } else {
                0
            };
            std::iter::once(Change::remove([id]))
                .chain((0..u64::from(levels).min(LOWER)).map(|l| Change::replace(id, l)))
                .collect()
        })
        .collect()
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
    /// Drops the extra rustc flags of a single-file ICE that the bug does not need
    /// (see the module docs).
    pub(super) fn reduce_flags(
        &mut self,
        best: &TestCase,
        summary: &mut Summary,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<(), JobError> {
        let Check::Ice(p) = &self.check else {
            return Ok(());
        };
        if !matches!(p.config().compile, Compile::Rustc { .. }) || p.config().flags.is_empty() {
            return Ok(());
        }
        let original = units(&p.config().flags);
        let base = p.settings();
        let render = |ids: &[u64]| Rendered {
            case: best.clone(),
            settings: Some(Settings {
                flags: ids
                    .iter()
                    .flat_map(|&id| unit_of(&original, LOWER, id))
                    .collect(),
                ..base.clone()
            }),
        };
        let mut context = super::settings::digest(best);
        context.extend(format!("{original:?}").as_bytes());
        let settle = Settle {
            name: "flags",
            base: Base::Ice(p),
            items: (LOWER..LOWER + original.len() as u64).collect(),
            plan: fewest_plan(&original, LOWER, |_| true, true),
            render: &render,
            context,
        };
        let kept = self.settle(settle, &mut |_| Ok(()), summary, observer, cancel)?;
        let kept: Vec<Vec<OsString>> = kept
            .iter()
            .map(|&id| unit_of(&original, LOWER, id))
            .collect();
        if let Check::Ice(p) = &mut self.check {
            p.set_flags(kept.concat());
        }
        if kept != original {
            observer.on_event(&Event::Note(&needs_only("rustc flags", &kept.concat())));
        }
        Ok(())
    }

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
        let Check::Ice(p) = &self.check else {
            unreachable!("checked above")
        };
        // `RUSTFLAGS`, as the checks see it.
        let rustflags = self.env_var("RUSTFLAGS").unwrap_or_default();
        let rustflags: Vec<OsString> = rustflags
            .to_string_lossy()
            .split_whitespace()
            .map(OsString::from)
            .collect();
        let rustflags = units(&rustflags);
        // Cargo arguments.
        let args = units_with(&p.config().flags, &["--features", "-F", "--profile"]);
        let droppable = |u: &[OsString]| {
            DROPPABLE_CARGO_ARGS
                .iter()
                .any(|d| u[0].to_string_lossy().split('=').next() == Some(d))
        };
        // Profile settings.
        let path = self.output.join("Cargo.toml");
        let manifest = std::fs::read_to_string(&path).ok();
        let keys = (manifest.as_deref()).map_or_else(Vec::new, super::manifest::profile_keys);
        // The ids: lowered levels, then `RUSTFLAGS`, the arguments, the settings.
        let first_arg = LOWER + rustflags.len() as u64;
        let first_key = first_arg + args.len() as u64;
        let mut plan = fewest_plan(&rustflags, LOWER, |_| true, true);
        // A `--features` that goes lets `[features]` go in the manifest's tidy.
        plan.extend(fewest_plan(&args, first_arg, droppable, false));
        plan.extend(
            (0..keys.len())
                .rev()
                .map(|k| vec![Change::remove([first_key + k as u64])]),
        );
        if plan.is_empty() {
            return Ok(());
        }
        let base = p.settings();
        // What a list of ids keeps: `RUSTFLAGS`, cargo arguments, profile keys.
        let split = |ids: &[u64]| {
            let flags: Vec<OsString> = (ids.iter())
                .filter(|&&id| id < first_arg)
                .flat_map(|&id| unit_of(&rustflags, LOWER, id))
                .collect();
            let args: Vec<OsString> = (ids.iter())
                .filter(|&&id| (first_arg..first_key).contains(&id))
                .flat_map(|&id| args[(id - first_arg) as usize].clone())
                .collect();
            let keys: Vec<(String, String)> = (ids.iter())
                .filter(|&&id| id >= first_key)
                .map(|&id| keys[(id - first_key) as usize].clone())
                .collect();
            (flags, args, keys)
        };
        let joined = |flags: &[OsString]| {
            (flags.iter())
                .map(|a| a.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let with_keys = |ids: &[u64]| {
            let (_, _, kept) = split(ids);
            (manifest.as_deref()).map(|m| super::manifest::with_profile_keys(m, &kept))
        };
        let render = |ids: &[u64]| {
            let (flags, args, _) = split(ids);
            let mut s = Settings {
                flags: args,
                ..base.clone()
            };
            if !rustflags.is_empty() {
                s.set_env_var("RUSTFLAGS", &joined(&flags));
            }
            if !keys.is_empty() {
                if let Some(m) = with_keys(ids) {
                    s.overlay = vec![("Cargo.toml".into(), m.into_bytes())];
                }
            }
            Rendered {
                case: best.clone(),
                settings: Some(s),
            }
        };
        let mut context = super::settings::digest(best);
        context.extend(format!("{rustflags:?}{args:?}{manifest:?}").as_bytes());
        let settle = Settle {
            name: "flags",
            base: Base::Ice(p),
            items: (LOWER..first_key + keys.len() as u64).collect(),
            plan,
            render: &render,
            context,
        };
        // The output's manifest follows the profile settings as they go.
        let mut commit = |ids: &[u64]| match with_keys(ids) {
            Some(m) if !keys.is_empty() => crate::output::write_atomic(&path, m.as_bytes()),
            _ => Ok(()),
        };
        let kept = self.settle(settle, &mut commit, summary, observer, cancel)?;
        let settings = render(&kept).settings.expect("rendered with settings");
        let (kept_flags, kept_args, kept_keys) = split(&kept);
        let flags = joined(&kept_flags);
        let Check::Ice(p) = &mut self.check else {
            unreachable!("checked above")
        };
        if !rustflags.is_empty() {
            p.set_env_var("RUSTFLAGS", flags.clone());
            if kept_flags != rustflags.concat() {
                self.spec.env.push(("RUSTFLAGS".into(), flags.into()));
                observer.on_event(&Event::Note(&needs_only("RUSTFLAGS", &kept_flags)));
            }
        }
        p.set_flags(kept_args.clone());
        if kept_args != args.concat() {
            self.spec.extra = kept_args.clone();
            observer.on_event(&Event::Note(&needs_only("cargo arguments", &kept_args)));
        }
        if !keys.is_empty() {
            p.set_overlay(settings.overlay);
        }
        if kept_keys != keys {
            self.manifest_in_place = with_keys(&kept);
            observer.on_event(&Event::Note(&if kept_keys.is_empty() {
                "the bug needs none of the profile settings".to_string()
            } else {
                format!(
                    "the bug needs only these profile settings: {}",
                    kept_keys
                        .iter()
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
